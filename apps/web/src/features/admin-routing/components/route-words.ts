import type { ServiceRouteView } from '@quickvend/shared/api/admin-routing';
import { percentText } from '@quickvend/shared/pricing';
import { BILLS_PROVIDER_LABELS } from '@quickvend/shared/providers';

/** "VTpass first, then Flutterwave", "VTpass only", "Not selling". */
export function routeInWords(route: Pick<ServiceRouteView, 'primary' | 'fallback'>): string {
  if (!route.primary) return 'Not selling';
  const first = BILLS_PROVIDER_LABELS[route.primary];
  return route.fallback ? `${first} first, then ${BILLS_PROVIDER_LABELS[route.fallback]}` : `${first} only`;
}

/** What one provider did for a service over the last 30 days. */
export function providerFigures(provider: ServiceRouteView['providers'][number]): string {
  if (!provider.offers) return 'Does not sell this service';
  if (provider.delivered === 0) return 'No delivered purchases in 30 days';
  const sales = `${provider.delivered.toLocaleString('en-NG')} delivered in 30 days`;
  return provider.marginBps === null ? sales : `${sales}, margin ${percentText(provider.marginBps)}`;
}
