import { useMutation } from '@tanstack/react-query';
import type { VerifyBody, VerifyResponse } from '@quickvend/shared/api/purchases';
import { messages } from '@quickvend/shared/messages';
import { api, isApiError } from '../../../lib/api-client.ts';

/**
 * `POST /api/v1/verify`: the customer behind a smart card, meter or JAMB profile, as the provider knows
 * them. `422 CUSTOMER_NOT_VERIFIED` when the number is wrong; `429 RATE_LIMITED` when tried too often.
 */
export function verifyCustomer(body: VerifyBody): Promise<VerifyResponse> {
  return api.post<VerifyResponse>('/api/v1/verify', body);
}

/** What to tell the user when a verification was refused. */
export function describeVerifyError(error: unknown): string {
  if (isApiError(error, 'CUSTOMER_NOT_VERIFIED'))
    return `Error: ${error.message || messages.bills.notVerified}`;
  if (isApiError(error)) return error.message.includes('Error') ? error.message : `Error: ${error.message}`;
  return `Error: ${messages.bills.notVerified}`;
}

/** One verification at a time; the answer belongs to the inputs it was asked with. */
export function useVerifyCustomer() {
  return useMutation({ mutationFn: verifyCustomer });
}
