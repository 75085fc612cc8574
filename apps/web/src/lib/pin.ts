import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PinStatus } from '@quickvend/shared/api/pin';
import { api, isApiError } from './api-client.ts';
import { formatLagosDateTime } from './format.ts';
import { queryKeys } from './query-keys.ts';

export const pinStatusQueryOptions = queryOptions({
  queryKey: queryKeys.pin,
  queryFn: ({ signal }) => api.get<PinStatus>('/api/v1/pin', { signal }),
});

/** Whether the user has a transaction PIN yet, and whether purchases are locked. */
export function usePinStatus() {
  return useQuery(pinStatusQueryOptions);
}

export type SetPinBody = { pin: string; currentPin?: string };

export function setPin(body: SetPinBody): Promise<PinStatus> {
  return api.post<PinStatus>('/api/v1/pin', body);
}

/** Sets the first PIN, or changes it with the current one. */
export function useSetPin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setPin,
    onSuccess: (status) => {
      queryClient.setQueryData(queryKeys.pin, status);
    },
  });
}

export function lockedUntilText(lockedUntil: string): string {
  return `Too many wrong PINs. Purchases are locked until ${formatLagosDateTime(lockedUntil)} (Lagos time).`;
}

/** What to say when the server refused a PIN (wrong, locked, too simple), or null for other errors. */
export function describePinError(error: unknown): string | null {
  if (isApiError(error, 'PIN_INCORRECT')) {
    const left = error.details?.['attemptsLeft'];
    if (typeof left === 'number') {
      return `Error: Wrong PIN. ${left} ${left === 1 ? 'attempt' : 'attempts'} left.`;
    }
    return 'Error: Wrong PIN. Please try again.';
  }
  if (isApiError(error, 'PIN_LOCKED')) {
    const until = error.details?.['lockedUntil'];
    return `Error: ${typeof until === 'string' ? lockedUntilText(until) : 'Too many wrong PINs. Purchases are locked for now.'}`;
  }
  return null;
}
