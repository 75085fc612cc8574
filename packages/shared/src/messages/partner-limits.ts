import { findCatalogueService } from '../catalog.ts';
import { formatNaira, type Kobo } from '../money.ts';

const serviceName = (id: string) => findCatalogueService(id)?.name ?? id;

/** What a partner reads when a key's own limits, or the account's request rate, refuse a call. */
export const partnerLimitTexts = {
  dailyLimit: (limitKobo: Kobo, spentKobo: Kobo) =>
    `This API key may spend at most ${formatNaira(limitKobo)} a day; ${formatNaira(spentKobo)} is spent today.`,
  service: (serviceId: string, allowed: readonly string[]) =>
    `This API key may not buy ${serviceName(serviceId)}. Allowed: ${allowed.map(serviceName).join(', ')}.`,
  requestRate: (perSecond: number) =>
    `This account may make at most ${perSecond} API requests a second. Please wait a moment and retry.`,
  /** a provider's low float or outage: never the provider's own words, which read as the partner's wallet */
  serviceUnavailable: 'This service is temporarily unavailable. Please retry later.',
  keyRevoked: 'This API key is revoked: its limits can no longer change.',
} as const;
