import { findCatalogueService } from '../catalog.ts';

/** "MTN airtime", "DSTV", "Ikeja Electric electricity": a service as a sentence names it. */
export const serviceInWords = (serviceId: string): string => {
  const name = findCatalogueService(serviceId)?.name ?? serviceId;
  return name.replace(/ (Airtime|Data|Electricity)$/, (word) => word.toLowerCase());
};

/** What a customer or partner reads when no provider can sell a service now: nothing was sent or charged. */
export const unavailableNow = (serviceName: string): string =>
  `${serviceName} is unavailable right now, try again soon`;
