import { kobo, percentOfKobo, type Kobo } from '@quickvend/shared/money';

const LOCAL_RATE_BPS = 150;
const LOCAL_FLAT_KOBO = 10_000;
const LOCAL_FLAT_WAIVED_BELOW_KOBO = 250_000;
const LOCAL_CAP_KOBO = 200_000;
const DEDICATED_ACCOUNT_RATE_BPS = 100;
const DEDICATED_ACCOUNT_CAP_KOBO = 30_000;

// Both formulas round the percentage up to the next kobo, so an estimate never understates the fee.

/** Local cards and channels: 1.5% + NGN 100, the NGN 100 waived below NGN 2,500, capped at NGN 2,000. */
export function paystackLocalFeeKobo(amount: Kobo): Kobo {
  const percentage = percentOfKobo(amount, LOCAL_RATE_BPS, 'ceil');
  const flat = amount < LOCAL_FLAT_WAIVED_BELOW_KOBO ? 0 : LOCAL_FLAT_KOBO;
  return kobo(Math.min(percentage + flat, LOCAL_CAP_KOBO));
}

/** Transfers into a dedicated virtual account: 1%, capped at NGN 300. */
export function paystackDedicatedAccountFeeKobo(amount: Kobo): Kobo {
  return kobo(
    Math.min(percentOfKobo(amount, DEDICATED_ACCOUNT_RATE_BPS, 'ceil'), DEDICATED_ACCOUNT_CAP_KOBO),
  );
}
