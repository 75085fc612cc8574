import { useEffect, useReducer, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Purchase } from '@quickvend/shared/api/purchases';
import { findCatalogueService } from '@quickvend/shared/catalog';
import { messages } from '@quickvend/shared/messages';
import { formatNaira } from '@quickvend/shared/money';
import { purchaseFingerprint } from '@quickvend/shared/purchase-fingerprint';
import { confirmerOf, heldText, pricePaidKobo, purchaseSummary } from '@quickvend/shared/purchase-words';
import { usePinStatus } from '@/lib/api/get-pin-status.ts';
import { getPurchase, purchaseQueryKey, purchaseQueryOptions } from '@/lib/api/get-purchase.ts';
import { listPurchases } from '@/lib/api/get-purchases.ts';
import { setPin } from '@/lib/api/set-pin.ts';
import { isApiError } from '@/lib/api-client.ts';
import { errorMessageOf } from '@/lib/form-errors.ts';
import { describePinError, lockedUntilText } from '@/lib/pin-errors.ts';
import { queryKeys, refreshMoney } from '@/lib/query-keys.ts';
import { useCreatePurchase } from '../api/create-purchase.ts';
import {
  initialPurchaseState,
  purchaseReducer,
  samePurchaseWithin,
  type FormStatus,
  type PinMode,
  type PurchaseDraft,
  type PurchaseState,
} from './purchase-machine.ts';
import { RequestKeyStore } from './request-key.ts';

/** a purchase just made is asked for again this often while it is pending */
const RESULT_POLL_MS = 4_000;

export const pinTexts = {
  create: 'Create your transaction PIN',
  repeat: 'Enter the same PIN again',
  enter: 'Enter your transaction PIN',
  mismatch: 'Error: The two PINs do not match. Please create your PIN again.',
  needed: 'You need a transaction PIN before your first purchase. It keeps your wallet safe.',
  faceValue: (face: string) => `For ${face} of value`,
  unsure:
    'Error: We could not reach QuickVend, so we do not know yet whether this purchase went through. Tap Try again: you will not be charged twice.',
} as const;

export const repeatTexts = {
  /** `You bought ₦500.00 MTN Airtime to 0803 123 4567 12 seconds ago. Buy it again?` (asked within 30 s) */
  question: (earlier: Purchase, seconds: number) =>
    `You bought ${formatNaira(pricePaidKobo(earlier))} ${purchaseSummary(earlier)} ${String(seconds)} ${seconds === 1 ? 'second' : 'seconds'} ago. Buy it again?`,
  confirm: 'Buy again',
  cancel: 'Cancel',
} as const;

/** The newest purchases, enough to see one made in the last 30 s (the dashboard's list, asked afresh). */
const LATEST_PURCHASES = 5;

/**
 * How long a purchase may wait on its answer before the page says the money is only held: past this the provider
 * is usually slow (VTpass may take 30 s) while the balance above already shows the hold.
 */
export const HELD_AFTER_MS = 3_000;

/** `We are confirming with DSTV; your ₦4,356.00 is held, not spent.` for a draft on its way. */
function heldTextOf(draft: PurchaseDraft): string {
  const kind = findCatalogueService(draft.body.serviceId)?.kind ?? 'airtime';
  return heldText(confirmerOf({ kind, serviceId: draft.body.serviceId }), draft.chargeKobo);
}

/** The forms that buy things; each keeps its own idempotency key. */
export type PurchaseForm =
  'airtime' | 'data' | 'dstv' | 'gotv' | 'startimes' | 'showmax' | 'electricity' | 'exam-pins';

/**
 * One purchase from form to receipt (the steps are in purchase-machine.ts): the checked draft, the PIN
 * (or creating one first), the request with its idempotency key, and the result, which is watched until
 * it is final.
 */
export function usePurchaseFlow(form: PurchaseForm) {
  const queryClient = useQueryClient();
  const { mutateAsync: createPurchase } = useCreatePurchase();
  const [keys] = useState(() => new RequestKeyStore(form));
  const pinStatus = usePinStatus();
  const [state, dispatch] = useReducer(purchaseReducer, initialPurchaseState);
  // a second tap arrives before the state says `sending`: only one request at a time
  const isSending = useRef(false);
  // after a reload: the purchase sent before it, if the server made it
  const [resumeId, setResumeId] = useState(() => keys.unresolvedRequestId);

  const resumed = useQuery({
    queryKey: purchaseQueryKey(resumeId ?? ''),
    queryFn: ({ signal }) => getPurchase(resumeId ?? '', signal),
    enabled: resumeId !== null && state.step !== 'result',
    retry: false,
  });
  if (resumeId !== null && resumed.data && (state.step === 'form' || state.step === 'pin')) {
    dispatch({ type: 'resumed', requestId: resumeId });
  }

  // the sending state the wait was long for: a new request (or the purchase after saving a PIN) starts afresh
  const [longSend, setLongSend] = useState<PurchaseState | null>(null);
  useEffect(() => {
    if (state.step !== 'sending') return;
    const timer = setTimeout(() => {
      setLongSend(state);
    }, HELD_AFTER_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [state]);

  const resultId = state.step === 'result' ? state.requestId : null;
  const result = useQuery({
    ...purchaseQueryOptions(resultId ?? '', RESULT_POLL_MS),
    enabled: resultId !== null,
  });
  const purchase: Purchase | null = resultId !== null ? (result.data?.purchase ?? null) : null;
  const finalStatus = purchase && purchase.status !== 'pending' ? purchase.status : null;

  useEffect(() => {
    if (finalStatus === null) return;
    keys.renew();
    void refreshMoney(queryClient);
  }, [finalStatus, keys, queryClient]);

  const hasPin = pinStatus.data?.hasPin ?? true;
  const lockedUntil = pinStatus.data?.lockedUntil ?? null;
  // the PIN step's own mode (creating one, or back to entering after an unknown outcome), else the server's
  const stepPinMode =
    state.step === 'pin' || state.step === 'sending'
      ? state.pinMode
      : state.step === 'unsure'
        ? 'enter'
        : null;
  const pinMode: PinMode = stepPinMode ?? (hasPin ? 'enter' : 'create');
  // the server says null once a lock is over (the status is asked for again when the PIN step opens)
  const lockMessage =
    (state.step === 'pin' ? state.lockMessage : null) ??
    (lockedUntil !== null ? `Error: ${lockedUntilText(lockedUntil)}` : null);

  const sendPurchase = async (draft: PurchaseDraft, pin: string, isRepeat = false): Promise<void> => {
    const requestId = keys.keyFor(purchaseFingerprint(draft.body));
    let made: Purchase;
    try {
      ({ purchase: made } = await createPurchase({ ...draft.body, requestId, pin }));
    } catch (error) {
      // not an answer (no connection, server trouble): it may or may not have been made, so the same
      // key goes again on Try again and the server cannot make a second purchase
      if (!isApiError(error) || error.code === 'NETWORK' || error.status >= 500) {
        dispatch({ type: 'unknown' });
        return;
      }
      // a refusal: nothing was made or charged, so the next attempt may safely use a new key
      keys.renew();
      const { code } = error;
      if (code === 'IDEMPOTENCY_KEY_REUSED') {
        if (!isRepeat) return sendPurchase(draft, pin, true);
        dispatch({ type: 'refused', status: { text: `Error: ${error.message}`, tone: 'error' } });
      } else if (code === 'PIN_NOT_SET') {
        queryClient.setQueryData(queryKeys.pin, { hasPin: false, lockedUntil: null });
        dispatch({ type: 'pinMissing' });
      } else if (code === 'PIN_INCORRECT') {
        dispatch({ type: 'pinRefused', error: describePinError(error) ?? error.message });
      } else if (code === 'PIN_LOCKED') {
        const until = error.details?.['lockedUntil'];
        if (typeof until === 'string') {
          queryClient.setQueryData(queryKeys.pin, { hasPin: true, lockedUntil: until });
        }
        dispatch({ type: 'locked', lockMessage: describePinError(error) ?? error.message });
      } else if (code === 'INSUFFICIENT_FUNDS') {
        dispatch({
          type: 'refused',
          status: { text: messages.purchase.insufficientBalance, tone: 'error', canFundWallet: true },
        });
        void queryClient.invalidateQueries({ queryKey: queryKeys.wallet });
      } else {
        const text = error.message.includes('Error') ? error.message : `Error: ${error.message}`;
        dispatch({ type: 'refused', status: { text, tone: 'error' } });
      }
      return;
    }
    queryClient.setQueryData(purchaseQueryKey(made.requestId), { purchase: made });
    dispatch({ type: 'made', requestId: made.requestId });
    void queryClient.invalidateQueries({ queryKey: queryKeys.wallet });
    void queryClient.invalidateQueries({ queryKey: queryKeys.recentPurchases });
  };

  const whileSending = async (work: () => Promise<void>) => {
    if (isSending.current) return;
    isSending.current = true;
    try {
      await work();
    } finally {
      isSending.current = false;
    }
  };

  /** A full PIN was entered on the PIN step. */
  const submitPin = async (pin: string) => {
    if (state.step !== 'pin' || isSending.current) return;
    const { draft } = state;
    if (pinMode === 'create') {
      dispatch({ type: 'firstPinEntered', pin });
      return;
    }
    if (pinMode === 'repeat' && pin !== state.firstPin) {
      dispatch({ type: 'pinsDiffer', error: pinTexts.mismatch });
      return;
    }
    await whileSending(async () => {
      dispatch({ type: 'send', pin });
      if (pinMode === 'repeat') {
        try {
          queryClient.setQueryData(queryKeys.pin, await setPin({ pin }));
        } catch (error) {
          dispatch({
            type: 'pinNotSaved',
            error: `Error: ${errorMessageOf(error, 'Could not save your PIN.')}`,
          });
          return;
        }
        dispatch({ type: 'pinSaved' });
      }
      await sendPurchase(draft, pin);
    });
  };

  /** The same thing bought under 30 s ago, and when; null when none or unknown (never blocks). */
  const samePurchase = async (draft: PurchaseDraft) => {
    try {
      const latest = await queryClient.query({
        queryKey: queryKeys.recentPurchases,
        queryFn: ({ signal }) => listPurchases({ limit: LATEST_PURCHASES }, signal),
        staleTime: 0,
        retry: false,
      });
      return samePurchaseWithin(draft, latest.purchases, Date.now());
    } catch {
      return null;
    }
  };

  /**
   * The form was checked: ask for the PIN (the amount is shown with it), or first whether the same purchase
   * made seconds ago is really wanted again (the provider would refuse it as a duplicate).
   */
  const review = async (draft: PurchaseDraft) => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.pin });
    const same = await samePurchase(draft);
    dispatch(same === null ? { type: 'checked', draft } : { type: 'seemsRepeat', draft, ...same });
  };

  return {
    /**
     * what the page shows: the form, the question about a repeat, the PIN step (also while sending and when
     * unsure), or the result
     */
    step:
      state.step === 'result' || state.step === 'form' || state.step === 'repeat'
        ? state.step
        : ('pin' as const),
    draft: state.step === 'form' || state.step === 'result' ? null : state.draft,
    /** the same purchase made seconds ago, and how many (the repeat step) */
    repeat: state.step === 'repeat' ? { earlier: state.earlier, secondsAgo: state.secondsAgo } : null,
    purchase,
    formStatus: state.step === 'form' ? state.status : null,
    pinMode,
    pinError: state.step === 'pin' ? state.error : state.step === 'unsure' ? pinTexts.unsure : null,
    lockMessage,
    isBusy: state.step === 'sending',
    /** said instead of `Processing...` once the request has waited `HELD_AFTER_MS`: the money is held, not spent */
    heldText: state.step === 'sending' && longSend === state ? heldTextOf(state.draft) : null,
    canRetry: state.step === 'unsure',
    review,
    /** The form's check found a problem. */
    invalid: (status: FormStatus) => {
      dispatch({ type: 'invalid', status });
    },
    /** An input changed: what the last check said no longer applies. */
    edited: () => {
      dispatch({ type: 'edited' });
    },
    submitPin,
    retry: () =>
      whileSending(async () => {
        if (state.step !== 'unsure') return;
        const { draft, pin } = state;
        dispatch({ type: 'retry' });
        await sendPurchase(draft, pin);
      }),
    cancel: () => {
      dispatch({ type: 'cancel' });
    },
    /** Yes, buy the same again: on to the PIN. */
    confirmRepeat: () => {
      dispatch({ type: 'repeatConfirmed' });
    },
    /** After a result: a fresh form and a fresh key. */
    startOver: () => {
      if (purchase?.status === 'pending') keys.renew();
      setResumeId(null);
      dispatch({ type: 'startOver' });
    },
  };
}

export type PurchaseFlow = ReturnType<typeof usePurchaseFlow>;
