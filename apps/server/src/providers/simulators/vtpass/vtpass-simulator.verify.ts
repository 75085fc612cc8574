import { bpsAsPercent } from '@quickvend/shared/money';
import { SERVICES_BY_ID, type SimService } from './vtpass-simulator.catalog.ts';
import { JAMB_PROFILE, POSTPAID_METER, PREPAID_METER, SMARTCARD } from './vtpass-simulator.scenarios.ts';
import {
  INVALID_ARGUMENTS,
  NO_PRODUCT,
  answer,
  readText,
  type Answer,
  type Body,
} from './vtpass-simulator.wire.ts';

/** `POST /merchant-verify`: the customer behind a meter, smartcard or JAMB profile, or why there is none. */
export function verifyCustomer(body: Body, commissionBpsOf: (service: SimService) => number): Answer {
  const serviceId = readText(body, 'serviceID');
  const billersCode = readText(body, 'billersCode');
  if (!serviceId || !billersCode) return INVALID_ARGUMENTS;
  const service = SERVICES_BY_ID.get(serviceId);
  if (!service) return NO_PRODUCT;
  const commissionDetails = {
    amount: null,
    rate: bpsAsPercent(commissionBpsOf(service)),
    rate_type: 'percent',
    computation_type: 'default',
  };
  if (service.kind === 'electricity') {
    const type = readText(body, 'type') ?? 'prepaid';
    const isKnown = type === 'postpaid' ? billersCode === POSTPAID_METER : billersCode === PREPAID_METER;
    if (!isKnown) {
      return answer('000', '', {
        WrongBillersCode: true,
        error: `This meter is not correct or is not a valid ${service.name} ${type} meter. Please check and try again`,
      });
    }
    return answer('000', '', {
      Customer_Name: type === 'postpaid' ? 'TESTMETER2' : 'TESTMETER1',
      Address: 'ABULE - ABULE',
      Meter_Number: billersCode,
      Customer_Arrears: '',
      Minimum_Amount: 500,
      Min_Purchase_Amount: 500,
      Can_Vend: 'yes',
      Business_Unit: '',
      Customer_Account_Type: 'NMD',
      Meter_Type: type.toUpperCase(),
      WrongBillersCode: false,
      commission_details: commissionDetails,
    });
  }
  if (service.kind === 'tv' && service.serviceId !== 'showmax') {
    if (billersCode !== SMARTCARD)
      return answer('011', 'INVALID ARGUMENTS', { error: 'Invalid Smartcard Number' });
    const current = service.variations[Math.min(3, service.variations.length - 1)];
    return answer('000', '', {
      Customer_Name: 'TEST METHOD',
      Status: 'ACTIVE',
      Due_Date: service.serviceId === 'gotv' ? '02-FEB-27' : '2027-02-06T00:00:00',
      Customer_Number: '8061522780',
      Customer_Type: service.serviceId.toUpperCase(),
      Current_Bouquet: current?.name ?? '',
      Renewal_Amount: current?.naira ?? 0,
      commission_details: commissionDetails,
    });
  }
  if (service.serviceId === 'jamb') {
    if (billersCode !== JAMB_PROFILE)
      return answer('011', 'INVALID ARGUMENTS', { error: 'Invalid Profile ID' });
    return answer('000', '', { Customer_Name: 'Mr Testing Test', commission_details: commissionDetails });
  }
  return answer('011', 'INVALID ARGUMENTS', { error: `${service.name} cannot be verified` });
}
