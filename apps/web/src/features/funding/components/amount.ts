import { z } from 'zod';
import { AmountError, formatNaira, parseNaira } from '@quickvend/shared/money';

/**
 * A naira amount as typed (`5000`, `5,000.50`), checked digit by digit with parseNaira and sent to the
 * server as typed. `minKobo` is the smallest accepted amount, `above` an amount it must exceed, `atMost` the
 * largest it may be.
 */
export function nairaAmountField(options: {
  requiredMessage: string;
  minKobo?: number | undefined;
  above?: { kobo: number; message: string } | undefined;
  atMost?: { kobo: number; message: string } | undefined;
}) {
  return z
    .string()
    .trim()
    .min(1, options.requiredMessage)
    .superRefine((value, context) => {
      let amountKobo: number;
      try {
        amountKobo = parseNaira(value);
      } catch (error) {
        if (!(error instanceof AmountError)) throw error;
        context.addIssue({ code: 'custom', message: error.message });
        return;
      }
      if (amountKobo <= 0) {
        context.addIssue({ code: 'custom', message: 'Enter an amount above ₦0.00.' });
      } else if (options.minKobo !== undefined && amountKobo < options.minKobo) {
        context.addIssue({
          code: 'custom',
          message: `The minimum amount is ${formatNaira(options.minKobo)}.`,
        });
      } else if (options.above !== undefined && amountKobo <= options.above.kobo) {
        context.addIssue({ code: 'custom', message: options.above.message });
      } else if (options.atMost !== undefined && amountKobo > options.atMost.kobo) {
        context.addIssue({ code: 'custom', message: options.atMost.message });
      }
    });
}
