import { kobo } from '@quickvend/shared/money';
import { sellingPrice } from '@quickvend/shared/pricing';

/**
 * What a web customer pays for a face value bought by amount (airtime, electricity, a renewal): the service's
 * rule as the services list gives it (a discount; negative for a markup), rounded as the server rounds it.
 */
export function priceOfAmount(faceKobo: number, discountBps: number): number {
  if (discountBps === 0) return faceKobo;
  return sellingPrice(kobo(faceKobo), { mode: 'bps', bps: -discountBps, allowLoss: true });
}
