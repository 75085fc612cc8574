import { useMutation } from '@tanstack/react-query';
import type { resetPinBody } from '@quickvend/shared/api/pin';
import type { z } from 'zod';
import { call } from '@/lib/api-client.ts';

/** From the mailed link: the account password and the new PIN. */
export function resetPin(body: z.input<typeof resetPinBody>) {
  return call('POST /api/v1/pin/reset', { body });
}

export function useResetPin() {
  return useMutation({ mutationFn: resetPin });
}
