/** Paystack's hosted checkout script (Paystack Inline v2): it defines `window.PaystackPop`. */
export const PAYSTACK_INLINE_URL = 'https://js.paystack.co/v2/inline.js';
export const PAYSTACK_LOAD_TIMEOUT_MS = 20_000;

export type PaystackSuccess = {
  id?: number | string;
  reference: string;
  message?: string;
  status?: string;
};

export type ResumeTransactionCallbacks = {
  onLoad?: (response: { id: number | string; customer: unknown; accessCode: string }) => void;
  onSuccess?: (response: PaystackSuccess) => void;
  onCancel?: () => void;
  onError?: (error: { message: string }) => void;
};

/** The part of Paystack Inline's v2 API the fund page uses. */
export type PaystackPopClass = new () => {
  resumeTransaction(accessCode: string, callbacks?: ResumeTransactionCallbacks): unknown;
};

/** The page's `window`, where Paystack's script puts `PaystackPop`. */
export const paystackWindow = (): Window & { PaystackPop?: PaystackPopClass } => window;

/**
 * Adds Paystack's script to the page the first time it is asked for, and gives its `PaystackPop`.
 * Every caller shares one script tag; a failed or timed-out load is forgotten, so the next call tries again.
 */
export function createPaystackLoader({
  url = PAYSTACK_INLINE_URL,
  timeoutMs = PAYSTACK_LOAD_TIMEOUT_MS,
}: { url?: string; timeoutMs?: number } = {}) {
  let loading: Promise<PaystackPopClass> | null = null;

  const load = () =>
    new Promise<PaystackPopClass>((resolve, reject) => {
      const script = document.createElement('script');
      const finish = (error?: Error) => {
        window.clearTimeout(timer);
        script.onload = null;
        script.onerror = null;
        const PaystackPop = paystackWindow().PaystackPop;
        if (!error && typeof PaystackPop === 'function') {
          resolve(PaystackPop);
          return;
        }
        script.remove();
        reject(error ?? new Error('Paystack script loaded without PaystackPop'));
      };
      const timer = window.setTimeout(() => {
        finish(new Error(`Paystack script did not load within ${timeoutMs} ms`));
      }, timeoutMs);
      script.onload = () => {
        finish();
      };
      script.onerror = () => {
        finish(new Error('Paystack script failed to load'));
      };
      script.src = url;
      script.async = true;
      document.head.appendChild(script);
    });

  return function loadPaystackPop(): Promise<PaystackPopClass> {
    const ready = paystackWindow().PaystackPop;
    if (typeof ready === 'function') return Promise.resolve(ready);
    loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  };
}

export const loadPaystackPop = createPaystackLoader();
