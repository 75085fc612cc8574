import { useMutation } from '@tanstack/react-query';
import type { changePinRequestBody } from '@quickvend/shared/api/pin';
import type { z } from 'zod';
import { call } from '@/lib/api-client.ts';

/** Mails the user a link to choose a new PIN. */
export function requestPinChange(body: z.input<typeof changePinRequestBody>) {
  return call('POST /api/v1/pin/change-request', { body });
}

export function useRequestPinChange() {
  return useMutation({ mutationFn: requestPinChange });
}
