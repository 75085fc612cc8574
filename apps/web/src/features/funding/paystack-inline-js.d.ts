// @paystack/inline-js 2.22.2 ships no types; this is the part of its v2 API the fund page uses.
declare module '@paystack/inline-js' {
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

  export default class PaystackPop {
    resumeTransaction(accessCode: string, callbacks?: ResumeTransactionCallbacks): unknown;
  }
}
