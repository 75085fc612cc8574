import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PinStatus } from '@quickvend/shared/api/pin';
import { api } from '../api-client.ts';
import { queryKeys } from '../query-keys.ts';

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
