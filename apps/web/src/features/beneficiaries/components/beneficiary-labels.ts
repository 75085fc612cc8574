import type { Beneficiary } from '@quickvend/shared/api/beneficiaries';
import { networkOfBeneficiary } from '@quickvend/shared/beneficiaries';
import { ELECTRICITY_DISTRIBUTORS, NETWORK_SERVICES, TV_PROVIDERS } from '@quickvend/shared/services';
import { buyAgainParams } from '@/lib/buy-again.ts';
import { paths } from '@/lib/paths.ts';

const tvPages = { dstv: paths.dstv, gotv: paths.gotv, startimes: paths.startimes } as const;
const isTvPage = (serviceId: string | null): serviceId is keyof typeof tvPages =>
  serviceId !== null && serviceId in tvPages;

const withQuery = (path: string, values: Record<string, string>) =>
  `${path}?${new URLSearchParams(values).toString()}`;

/** What the number is bought with, in the customer's words: `MTN`, `DSTV`, `Ikeja Electricity`, `JAMB`. */
export function serviceLabelOf(beneficiary: Beneficiary): string | null {
  switch (beneficiary.kind) {
    case 'phone': {
      if (beneficiary.serviceId === 'showmax') return 'Showmax';
      const network = networkOfBeneficiary(beneficiary);
      return network ? NETWORK_SERVICES[network].label : null;
    }
    case 'smartcard':
      return TV_PROVIDERS.find((tv) => tv.id === beneficiary.serviceId)?.label ?? null;
    case 'meter': {
      const disco = ELECTRICITY_DISTRIBUTORS.find((candidate) => candidate.id === beneficiary.serviceId);
      return disco ? `${disco.label} Electricity` : null;
    }
    case 'profile':
      return 'JAMB';
  }
}

/** The purchase page that buys for this number, filled in, and what its link says. */
export function buyLinkOf(beneficiary: Beneficiary): { to: string; text: string } {
  const p = buyAgainParams;
  const { number, serviceId } = beneficiary;
  switch (beneficiary.kind) {
    case 'phone': {
      if (serviceId === 'showmax')
        return { to: withQuery(paths.showmax, { [p.phone]: number }), text: 'Pay Showmax' };
      const network = networkOfBeneficiary(beneficiary);
      return {
        to: withQuery(paths.airtime, { [p.phone]: number, ...(network && { [p.network]: network }) }),
        text: 'Buy airtime',
      };
    }
    case 'smartcard': {
      const page = isTvPage(serviceId) ? serviceId : 'dstv';
      const label = TV_PROVIDERS.find((tv) => tv.id === page)?.label ?? 'TV';
      return { to: withQuery(tvPages[page], { [p.card]: number }), text: `Pay ${label}` };
    }
    case 'meter':
      return {
        to: withQuery(paths.electricity, {
          [p.meter]: number,
          ...(serviceId && { [p.disco]: serviceId }),
          ...(beneficiary.meterType && { [p.meterType]: beneficiary.meterType }),
        }),
        text: 'Buy electricity',
      };
    case 'profile':
      return {
        to: withQuery(paths.examPins, { [p.exam]: 'jamb', [p.profile]: number }),
        text: 'Buy JAMB PIN',
      };
  }
}
