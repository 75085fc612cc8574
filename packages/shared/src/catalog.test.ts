import { describe, expect, it } from 'vitest';
import { findCatalogueService, SERVICE_CATALOGUE } from './catalog.ts';

describe('the service catalogue', () => {
  it('names each service once, as receipts and mails name it', () => {
    expect(SERVICE_CATALOGUE.map((service) => [service.id, service.name])).toEqual([
      ['mtn', 'MTN Airtime'],
      ['glo', 'GLO Airtime'],
      ['airtel', 'Airtel Airtime'],
      ['etisalat', '9mobile Airtime'],
      ['mtn-data', 'MTN Data'],
      ['glo-data', 'GLO Data'],
      ['airtel-data', 'Airtel Data'],
      ['etisalat-data', '9mobile Data'],
      ['dstv', 'DSTV'],
      ['gotv', 'GOtv'],
      ['startimes', 'StarTimes'],
      ['showmax', 'Showmax'],
      ['abuja-electric', 'Abuja Electricity'],
      ['benin-electric', 'Benin Electricity'],
      ['enugu-electric', 'Enugu Electricity'],
      ['eko-electric', 'Eko Electricity'],
      ['ibadan-electric', 'Ibadan Electricity'],
      ['ikeja-electric', 'Ikeja Electricity'],
      ['jos-electric', 'Jos Electricity'],
      ['kaduna-electric', 'Kaduna Electricity'],
      ['kano-electric', 'Kano Electricity'],
      ['portharcourt-electric', 'Port Harcourt Electricity'],
      ['aba-electric', 'Aba Electricity'],
      ['yola-electric', 'Yola Electricity'],
      ['waec', 'WAEC Result Checker PIN'],
      ['waec-registration', 'WAEC Registration PIN'],
      ['jamb', 'JAMB PIN'],
    ]);
  });

  it('says what must be verified before a sale, and what is sold by plan', () => {
    expect(findCatalogueService('etisalat-data')).toMatchObject({
      kind: 'data',
      network: '9mobile',
      hasVariations: true,
      verification: null,
    });
    expect(findCatalogueService('gotv')?.verification).toBe('smartcard');
    expect(findCatalogueService('showmax')?.verification).toBeNull();
    expect(findCatalogueService('ikeja-electric')).toMatchObject({
      hasVariations: false,
      verification: 'meter',
    });
    expect(findCatalogueService('jamb')?.verification).toBe('profile');
    expect(findCatalogueService('waec')?.verification).toBeNull();
    expect(findCatalogueService('mtn')).toMatchObject({ kind: 'airtime', hasVariations: false });
    expect(findCatalogueService('nope')).toBeUndefined();
  });
});
