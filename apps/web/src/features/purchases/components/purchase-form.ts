import { useEffect, type BaseSyntheticEvent } from 'react';
import { useForm, type DefaultValues, type FieldValues } from 'react-hook-form';
import { z } from 'zod';
import type { Network } from '@quickvend/shared/phone';
import { AmountError, parseNaira } from '@quickvend/shared/money';
import { messages } from '@quickvend/shared/messages';
import type { PurchaseDraft } from './purchase-machine.ts';
import type { PurchaseFlow } from './use-purchase-flow.ts';

/**
 * A purchase form's schema: its fields as typed, then the spec's checks in the spec's order, ending in the
 * draft to pay for. The first check that fails is the one message the form shows (`refuse`).
 */
export type PurchaseSchema<Values extends FieldValues> = z.ZodType<PurchaseDraft, Values>;

/** Stops the check with one of the spec's messages, said once above the form's button. */
export function refuse(ctx: z.RefinementCtx, message: string): never {
  ctx.addIssue({ code: 'custom', message });
  return z.NEVER;
}

/** A network, or none chosen yet. */
export const networkChoice = z.enum(['', 'mtn', 'glo', 'airtel', '9mobile'] satisfies (Network | '')[]);

/** Kobo from a naira amount as typed (`1,500.50`), or null when it is not one. */
export function nairaOrNull(amount: string): number | null {
  try {
    return parseNaira(amount);
  } catch (error) {
    if (error instanceof AmountError) return null;
    throw error;
  }
}

/**
 * A purchase form on react-hook-form. What a purchase is checked against (the balance, the service's
 * limits, the plans of the chosen network, the verified customer) follows the inputs, so each render
 * builds its schema and the submit parses the values with the one of that render: a draft opens the PIN
 * step; a failed check is shown, with the fund-wallet offer when the balance is short.
 */
export function usePurchaseForm<Values extends FieldValues>(
  flow: Pick<PurchaseFlow, 'review' | 'invalid'>,
  defaultValues: DefaultValues<Values>,
) {
  const form = useForm<Values>({ defaultValues });
  const submitWith = (schema: PurchaseSchema<Values>) => (event: BaseSyntheticEvent) => {
    void form.handleSubmit((values) => {
      const parsed = schema.safeParse(values);
      if (parsed.success) {
        void flow.review(parsed.data);
        return;
      }
      const text = parsed.error.issues[0]?.message ?? messages.purchase.allFieldsRequired;
      flow.invalid({
        text,
        tone: 'error',
        ...(text === messages.purchase.insufficientBalance ? { canFundWallet: true } : {}),
      });
    })(event);
  };
  return { form, submitWith };
}

/**
 * A plan the page was opened with (buying again) that the plan list no longer has: the plan field is left
 * empty rather than naming a plan that cannot be bought.
 */
export function useDropStalePlan(
  variations: readonly { code: string }[] | undefined,
  planCode: string,
  drop: () => void,
) {
  const isStale =
    variations !== undefined && planCode !== '' && !variations.some((plan) => plan.code === planCode);
  useEffect(() => {
    if (isStale) drop();
  }, [isStale, drop]);
}
