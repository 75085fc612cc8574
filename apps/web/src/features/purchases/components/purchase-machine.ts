import type { CreatePurchaseBody } from '@quickvend/shared/api/purchases';
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
 *     ▲                ▲              │  └──unknown──▶ unsure ──retry──▶ sending
 *     └───refused──────┼──────────────┤                  │
 *                      └──pinRefused, locked, pinMissing, pinNotSaved
 *
 * `sending` is a request on its way (saving a new PIN, then the purchase). `unsure` is a request whose
 * answer never came: it may have been made, so only the same request may go again.
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
  | { step: 'result'; requestId: string };

export type PurchaseEvent =
  /** the form's check passed: ask for the PIN */
  | { type: 'checked'; draft: PurchaseDraft }
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
      return state.step === 'pin' || state.step === 'unsure' ? initialPurchaseState : state;
    case 'resumed':
      return state.step === 'form' || state.step === 'pin'
        ? { step: 'result', requestId: event.requestId }
        : state;
    case 'startOver':
      return state.step === 'result' ? initialPurchaseState : state;
  }
}
