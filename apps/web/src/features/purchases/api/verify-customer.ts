import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { VerifyBody, VerifyResponse } from '@quickvend/shared/api/purchases';
import { messages } from '@quickvend/shared/messages';
import { call, isApiError } from '@/lib/api-client.ts';

/**
 * `POST /api/v1/verify`: the customer behind a smart card, meter or JAMB profile, as the provider knows
 * them. `422 CUSTOMER_NOT_VERIFIED` when the number is wrong; `429 RATE_LIMITED` when tried too often.
 */
export function verifyCustomer(body: VerifyBody): Promise<VerifyResponse> {
  return call('POST /api/v1/verify', { body });
}

/** What to tell the user when a verification was refused. */
export function describeVerifyError(error: unknown): string {
  if (isApiError(error, 'CUSTOMER_NOT_VERIFIED'))
    return `Error: ${error.message || messages.bills.notVerified}`;
  if (isApiError(error)) return error.message.includes('Error') ? error.message : `Error: ${error.message}`;
  return `Error: ${messages.bills.notVerified}`;
}

/**
 * The customer behind the inputs named by `key`, once the provider has verified them. One verification at a
 * time; the answer belongs to the inputs it was asked with, so it is not shown for other ones.
 */
export function useVerifiedCustomer(key: string) {
  const verify = useMutation({ mutationFn: verifyCustomer });
  const [verification, setVerification] = useState<{ key: string; answer: VerifyResponse } | null>(null);
  const [error, setError] = useState<string | null>(null);
  return {
    verified: verification?.key === key ? verification.answer : null,
    /** the inputs of the last answer, whether or not they are still the ones typed */
    answeredKey: verification?.key ?? null,
    isPending: verify.isPending,
    /** why the last verification was refused */
    error,
    setError,
    forget: () => {
      setVerification(null);
    },
    run: (body: VerifyBody, onVerified?: (answer: VerifyResponse) => void) => {
      verify.mutate(body, {
        onSuccess: (answer) => {
          setVerification({ key, answer });
          onVerified?.(answer);
        },
        onError: (problem) => {
          setVerification(null);
          setError(describeVerifyError(problem));
        },
      });
    },
  };
}
