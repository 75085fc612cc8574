import type { CreatePurchaseBody, Purchase } from '@quickvend/shared/api/purchases';
import { normalisePhone } from '@quickvend/shared/phone';
import type { StatusTone } from '@/components/ui/status-message.tsx';

/** What the form's check or the server's refusal says above the form's button. */
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

/** Entering the PIN, creating one (twice), or `null`: as the server's PIN status says. */
export type PinMode = 'enter' | 'create' | 'repeat';

/**
 * One purchase, from the form to its result:
 *
 *   form ──checked──▶ pin ──send──▶ sending ──made──▶ result ──startOver──▶ form
 *    │ ▲               ▲              │  └──unknown──▶ unsure ──retry──▶ sending
 *    │ └───refused─────┼──────────────┤                  │
 *    │                 └──pinRefused, locked, pinMissing, pinNotSaved
 *    └──seemsRepeat──▶ repeat ──repeatConfirmed──▶ pin   (cancel: back to the form)
 *
 * `sending` is a request on its way (saving a new PIN, then the purchase). `unsure` is a request whose
 * answer never came: it may have been made, so only the same request may go again. `repeat` asks whether
 * the same purchase made seconds ago (`earlier`) is wanted again, before anything is sent.
 */
export type PurchaseState =
  | { step: 'form'; status: FormStatus | null }
  | {
      step: 'pin';
      draft: PurchaseDraft;
      /** null: follow the server's PIN status */
      pinMode: PinMode | null;
      /** the first entry of a new PIN, waiting for the repeat */
      firstPin: string;
      error: string | null;
      /** the server locked purchases after too many wrong PINs */
      lockMessage: string | null;
    }
  | { step: 'sending'; draft: PurchaseDraft; pinMode: PinMode | null; pin: string }
  | { step: 'unsure'; draft: PurchaseDraft; pin: string }
  | { step: 'repeat'; draft: PurchaseDraft; earlier: Purchase; secondsAgo: number }
  | { step: 'result'; requestId: string };

export type PurchaseEvent =
  /** the form's check passed: ask for the PIN */
  | { type: 'checked'; draft: PurchaseDraft }
  /** the same purchase was made seconds ago: ask before going on */
  | { type: 'seemsRepeat'; draft: PurchaseDraft; earlier: Purchase; secondsAgo: number }
  | { type: 'repeatConfirmed' }
  /** the form's check failed */
  | { type: 'invalid'; status: FormStatus }
  /** an input changed: what the last check said no longer applies */
  | { type: 'edited' }
  | { type: 'firstPinEntered'; pin: string }
  | { type: 'pinsDiffer'; error: string }
  | { type: 'send'; pin: string }
  | { type: 'pinSaved' }
  | { type: 'pinNotSaved'; error: string }
  | { type: 'made'; requestId: string }
  | { type: 'unknown' }
  /** the server refused the purchase: nothing was made, back to the form */
  | { type: 'refused'; status: FormStatus }
  | { type: 'pinRefused'; error: string }
  | { type: 'locked'; lockMessage: string }
  | { type: 'pinMissing' }
  | { type: 'retry' }
  | { type: 'cancel' }
  /** after a reload: the server made the purchase sent before it */
  | { type: 'resumed'; requestId: string }
  | { type: 'startOver' };

export const initialPurchaseState: PurchaseState = { step: 'form', status: null };

function askPin(
  draft: PurchaseDraft,
  pinMode: PinMode | null,
  said: { error?: string; lockMessage?: string } = {},
): PurchaseState {
  return {
    step: 'pin',
    draft,
    pinMode,
    firstPin: '',
    error: said.error ?? null,
    lockMessage: said.lockMessage ?? null,
  };
}

/** The next state; an event that does not apply to the current step changes nothing. */
export function purchaseReducer(state: PurchaseState, event: PurchaseEvent): PurchaseState {
  switch (event.type) {
    case 'checked':
      return state.step === 'form' ? askPin(event.draft, null) : state;
    case 'seemsRepeat':
      return state.step === 'form'
        ? { step: 'repeat', draft: event.draft, earlier: event.earlier, secondsAgo: event.secondsAgo }
        : state;
    case 'repeatConfirmed':
      return state.step === 'repeat' ? askPin(state.draft, null) : state;
    case 'invalid':
      return state.step === 'form' ? { step: 'form', status: event.status } : state;
    case 'edited':
      return state.step === 'form' && state.status !== null ? { step: 'form', status: null } : state;
    case 'firstPinEntered':
      return state.step === 'pin' ? { ...state, pinMode: 'repeat', firstPin: event.pin, error: null } : state;
    case 'pinsDiffer':
      return state.step === 'pin' ? { ...state, pinMode: 'create', firstPin: '', error: event.error } : state;
    case 'send':
      return state.step === 'pin'
        ? { step: 'sending', draft: state.draft, pinMode: state.pinMode, pin: event.pin }
        : state;
    case 'pinSaved':
      return state.step === 'sending' ? { ...state, pinMode: 'enter' } : state;
    case 'pinNotSaved':
      return state.step === 'sending' ? askPin(state.draft, 'create', { error: event.error }) : state;
    case 'made':
      return state.step === 'sending' ? { step: 'result', requestId: event.requestId } : state;
    case 'unknown':
      return state.step === 'sending' ? { step: 'unsure', draft: state.draft, pin: state.pin } : state;
    case 'refused':
      return state.step === 'sending' ? { step: 'form', status: event.status } : state;
    case 'pinRefused':
      return state.step === 'sending' ? askPin(state.draft, state.pinMode, { error: event.error }) : state;
    case 'locked':
      return state.step === 'sending'
        ? askPin(state.draft, state.pinMode, { lockMessage: event.lockMessage })
        : state;
    case 'pinMissing':
      return state.step === 'sending' ? askPin(state.draft, 'create') : state;
    case 'retry':
      return state.step === 'unsure'
        ? { step: 'sending', draft: state.draft, pinMode: 'enter', pin: state.pin }
        : state;
    case 'cancel':
      return state.step === 'pin' || state.step === 'unsure' || state.step === 'repeat'
        ? initialPurchaseState
        : state;
    case 'resumed':
      return state.step === 'form' || state.step === 'pin'
        ? { step: 'result', requestId: event.requestId }
        : state;
    case 'startOver':
      return state.step === 'result' ? initialPurchaseState : state;
  }
}

/** How long after a purchase the same one again is asked about: the provider refuses it as a duplicate. */
export const REPEAT_WINDOW_MS = 30_000;

/** A phone number as the server keeps it (`08031234567`), or the digits of a card, meter or profile ID. */
function numberKey(value: string): string {
  return normalisePhone(value) ?? value.replace(/\D/g, '');
}

/**
 * The newest purchase of the same thing (same service, number and amount) made less than 30 s before `nowMs`,
 * and whole seconds since, or null. Failed purchases were refunded and bought nothing, so they do not count.
 */
export function samePurchaseWithin(
  draft: PurchaseDraft,
  purchases: readonly Purchase[],
  nowMs: number,
): { earlier: Purchase; secondsAgo: number } | null {
  const number = numberKey(draft.body.billersCode ?? draft.body.phone ?? '');
  const amountKobo = draft.faceKobo ?? draft.chargeKobo;
  let newest: { earlier: Purchase; madeAt: number } | null = null;
  for (const purchase of purchases) {
    if (purchase.status === 'failed' || purchase.serviceId !== draft.body.serviceId) continue;
    if (numberKey(purchase.billersCode ?? purchase.phone) !== number || purchase.amountKobo !== amountKobo)
      continue;
    const madeAt = new Date(purchase.createdAt).getTime();
    const age = nowMs - madeAt;
    if (Number.isNaN(madeAt) || age < 0 || age >= REPEAT_WINDOW_MS) continue;
    if (newest === null || madeAt > newest.madeAt) newest = { earlier: purchase, madeAt };
  }
  return newest === null
    ? null
    : { earlier: newest.earlier, secondsAgo: Math.max(1, Math.round((nowMs - newest.madeAt) / 1000)) };
}
