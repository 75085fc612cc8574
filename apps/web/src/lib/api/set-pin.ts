import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PinStatus, setPinBody } from '@quickvend/shared/api/pin';
import type { z } from 'zod';
import { call } from '../api-client.ts';
import { queryKeys } from '../query-keys.ts';

export function setPin(body: z.input<typeof setPinBody>): Promise<PinStatus> {
  return call('POST /api/v1/pin', { body });
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
