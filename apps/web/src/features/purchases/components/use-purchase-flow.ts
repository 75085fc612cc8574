import { useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreatePurchaseBody, Purchase } from '@quickvend/shared/api/purchases';
import { messages } from '@quickvend/shared/messages';
import { isApiError, type ApiError } from '@/lib/api-client.ts';
import { describePinError, lockedUntilText } from '@/lib/pin-errors.ts';
import { setPin } from '@/lib/api/set-pin.ts';
import { usePinStatus } from '@/lib/api/get-pin-status.ts';
import { getPurchase, purchaseQueryKey } from '@/lib/api/get-purchase.ts';
import { queryKeys, refreshMoney } from '@/lib/query-keys.ts';
import type { StatusTone } from '@/components/ui/status-message.tsx';
import { createPurchase } from '../api/create-purchase.ts';
import { RequestKeyStore } from './request-key.ts';

export type FormStatus = { text: string; tone: StatusTone; canFundWallet?: boolean };

/** A checked purchase waiting for the PIN: what is sent and what the user is told it costs. */
export type PurchaseDraft = {
  body: Omit<CreatePurchaseBody, 'requestId' | 'pin'>;
  chargeKobo: number;
  /** what is being bought, for the confirmation: `MTN airtime for 0803 123 4567` */
  summary: string;
  /** the price before a discount, when the wallet pays less than it */
  faceKobo?: number;
  /** a line under the summary: the discount, the verified customer */
  note?: string;
};

/** What a form's check found: the draft to pay for, or what to tell the user. */
export type FormCheck = { draft: PurchaseDraft } | { status: FormStatus };

/** A check that stops the form with an error. */
export function formError(text: string, extra: Partial<FormStatus> = {}): FormCheck {
  return { status: { text, tone: 'error', ...extra } };
}

export type PinMode = 'enter' | 'create' | 'repeat';

const PENDING_POLL_MS = 4_000;

export const pinTexts = {
  create: 'Create your transaction PIN',
  repeat: 'Enter the same PIN again',
  enter: 'Enter your transaction PIN',
  mismatch: 'Error: The two PINs do not match. Please create your PIN again.',
  needed: 'You need a transaction PIN before your first purchase. It keeps your wallet safe.',
  unsure:
    'Error: We could not reach QuickVend, so we do not know yet whether this purchase went through. Tap Try again: you will not be charged twice.',
} as const;

/** Everything that makes one purchase differ from another: changing any of it needs a new key. */
function fingerprintOf(body: PurchaseDraft['body']): string {
  return JSON.stringify([
    body.serviceId,
    body.phone,
    body.amount ?? null,
    body.variationCode ?? null,
    body.billersCode ?? null,
    body.subscriptionType ?? null,
    body.quantity ?? null,
    body.type ?? null,
  ]);
}

/** Not an answer to the request (no connection, server trouble): it may or may not have been made. */
function isOutcomeUnknown(error: unknown): boolean {
  return !isApiError(error) || error.code === 'NETWORK' || error.status >= 500;
}

/** The forms that buy things; each keeps its own idempotency key. */
export type PurchaseForm =
  | 'airtime'
  | 'dstv-airtime'
  | 'data'
  | 'dstv'
  | 'gotv'
  | 'startimes'
  | 'showmax'
  | 'electricity'
  | 'exam-pins';

/**
 * One purchase from form to receipt: the checked draft, the PIN (or creating one first), the request
 * with its idempotency key, and the result, which is watched until it is final.
 */
export function usePurchaseFlow(form: PurchaseForm) {
  const queryClient = useQueryClient();
  const [keys] = useState(() => new RequestKeyStore(form));
  const pinStatus = usePinStatus();
  const [draft, setDraft] = useState<PurchaseDraft | null>(null);
  const [formStatus, setFormStatus] = useState<FormStatus | null>(null);
  const [pinModeOverride, setPinModeOverride] = useState<PinMode | null>(null);
  const [firstPin, setFirstPin] = useState('');
  const [pinError, setPinError] = useState<string | null>(null);
  const [lockMessage, setLockMessage] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const [canRetry, setCanRetry] = useState(false);
  const lastPin = useRef('');
  const isSending = useRef(false);
  // after a reload: the purchase sent before it, if the server made it
  const [resumeId, setResumeId] = useState(() => keys.unresolvedRequestId);
  const [resultId, setResultId] = useState<string | null>(null);

  const resumed = useQuery({
    queryKey: purchaseQueryKey(resumeId ?? ''),
    queryFn: ({ signal }) => getPurchase(resumeId ?? '', signal),
    enabled: resumeId !== null && resultId === null,
    retry: false,
  });
  const shownId = resultId ?? (resumed.data ? resumeId : null);

  const result = useQuery({
    queryKey: purchaseQueryKey(shownId ?? ''),
    queryFn: ({ signal }) => getPurchase(shownId ?? '', signal),
    enabled: shownId !== null,
    // pending: being confirmed with the provider; keep asking until it is delivered or refunded
    refetchInterval: (query) => (query.state.data?.purchase.status === 'pending' ? PENDING_POLL_MS : false),
  });
  const purchase: Purchase | null = shownId !== null ? (result.data?.purchase ?? null) : null;
  const finalStatus = purchase && purchase.status !== 'pending' ? purchase.status : null;

  useEffect(() => {
    if (finalStatus === null) return;
    keys.renew();
    void refreshMoney(queryClient);
  }, [finalStatus, keys, queryClient]);

  const hasPin = pinStatus.data?.hasPin ?? true;
  const pinMode: PinMode = pinModeOverride ?? (hasPin ? 'enter' : 'create');
  const lockedUntil = pinStatus.data?.lockedUntil ?? null;
  // the server says null once a lock is over (the status is asked for again when the PIN step opens)
  const isLocked = lockMessage !== null || lockedUntil !== null;

  const backToForm = (status: FormStatus | null) => {
    setDraft(null);
    setFormStatus(status);
    setPinError(null);
    setCanRetry(false);
    setLockMessage(null);
    setPinModeOverride((mode) => (mode === 'enter' ? mode : null));
    setFirstPin('');
  };

  const show = (made: Purchase) => {
    queryClient.setQueryData(purchaseQueryKey(made.requestId), { purchase: made });
    setResultId(made.requestId);
    setDraft(null);
    setCanRetry(false);
    void queryClient.invalidateQueries({ queryKey: queryKeys.wallet });
    void queryClient.invalidateQueries({ queryKey: queryKeys.recentPurchases });
  };

  const send = async (pin: string, current: PurchaseDraft, isRepeat = false): Promise<void> => {
    lastPin.current = pin;
    const requestId = keys.keyFor(fingerprintOf(current.body));
    setPinError(null);
    setCanRetry(false);
    try {
      const { purchase: made } = await createPurchase({ ...current.body, requestId, pin });
      show(made);
      return;
    } catch (error) {
      if (isOutcomeUnknown(error)) {
        // the same key goes again on Try again, so the server cannot make a second purchase
        setCanRetry(true);
        setPinError(pinTexts.unsure);
        return;
      }
      // a refusal: nothing was made or charged, so the next attempt may safely use a new key
      keys.renew();
      const apiError = error as ApiError;
      const { code } = apiError;
      if (code === 'IDEMPOTENCY_KEY_REUSED') {
        if (!isRepeat) return send(pin, current, true);
        backToForm({ text: `Error: ${apiError.message}`, tone: 'error' });
      } else if (code === 'PIN_NOT_SET') {
        setPinModeOverride('create');
        setFirstPin('');
        setPinError(null);
        queryClient.setQueryData(queryKeys.pin, { hasPin: false, lockedUntil: null });
      } else if (code === 'PIN_INCORRECT') {
        setPinError(describePinError(apiError));
      } else if (code === 'PIN_LOCKED') {
        const until = apiError.details?.['lockedUntil'];
        setLockMessage(describePinError(apiError));
        if (typeof until === 'string') {
          queryClient.setQueryData(queryKeys.pin, { hasPin: true, lockedUntil: until });
        }
      } else if (code === 'INSUFFICIENT_FUNDS') {
        backToForm({ text: messages.purchase.insufficientBalance, tone: 'error', canFundWallet: true });
        void queryClient.invalidateQueries({ queryKey: queryKeys.wallet });
      } else {
        backToForm({
          text: apiError.message.includes('Error') ? apiError.message : `Error: ${apiError.message}`,
          tone: 'error',
        });
      }
    }
  };

  const guarded = async (work: () => Promise<void>) => {
    if (isSending.current) return;
    isSending.current = true;
    setIsBusy(true);
    try {
      await work();
    } finally {
      isSending.current = false;
      setIsBusy(false);
    }
  };

  /** A full PIN was entered on the PIN step. */
  const submitPin = (pin: string) =>
    guarded(async () => {
      if (draft === null) return;
      if (pinMode === 'create') {
        setFirstPin(pin);
        setPinModeOverride('repeat');
        setPinError(null);
        return;
      }
      if (pinMode === 'repeat') {
        if (pin !== firstPin) {
          setFirstPin('');
          setPinModeOverride('create');
          setPinError(pinTexts.mismatch);
          return;
        }
        try {
          const status = await setPin({ pin });
          queryClient.setQueryData(queryKeys.pin, status);
          setPinModeOverride('enter');
        } catch (error) {
          setFirstPin('');
          setPinModeOverride('create');
          setPinError(`Error: ${error instanceof Error ? error.message : 'Could not save your PIN.'}`);
          return;
        }
      }
      await send(pin, draft);
    });

  /** The form was checked: ask for the PIN (the amount is shown with it). */
  const review = (next: PurchaseDraft) => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.pin });
    setFormStatus(null);
    setPinError(null);
    setCanRetry(false);
    setDraft(next);
  };

  return {
    step: purchase !== null ? ('result' as const) : draft !== null ? ('pin' as const) : ('form' as const),
    draft,
    purchase,
    formStatus,
    setFormStatus,
    pinMode,
    pinError,
    lockMessage:
      lockMessage ?? (isLocked && lockedUntil !== null ? `Error: ${lockedUntilText(lockedUntil)}` : null),
    isBusy,
    canRetry,
    review,
    /** The form's check: what it found shown, or on to the PIN. */
    proceed: (check: FormCheck) => {
      if ('status' in check) setFormStatus(check.status);
      else review(check.draft);
    },
    submitPin,
    retry: () =>
      guarded(async () => {
        if (draft !== null) await send(lastPin.current, draft);
      }),
    cancel: () => {
      backToForm(null);
    },
    /** After a result: a fresh form and a fresh key. */
    startOver: () => {
      if (purchase?.status === 'pending') keys.renew();
      setResultId(null);
      setResumeId(null);
      setDraft(null);
      setFormStatus(null);
    },
  };
}

export type PurchaseFlow = ReturnType<typeof usePurchaseFlow>;
