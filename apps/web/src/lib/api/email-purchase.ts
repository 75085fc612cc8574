import type { resendPurchaseResponse } from '@quickvend/shared/api/purchases';
import type { z } from 'zod';
import { api } from '../api-client.ts';

/** `POST /api/v1/purchases/{requestId}/email`: mail a delivered purchase's token or PINs again. */
export function resendPurchase(requestId: string): Promise<z.infer<typeof resendPurchaseResponse>> {
  return api.post<z.infer<typeof resendPurchaseResponse>>(
    `/api/v1/purchases/${encodeURIComponent(requestId)}/email`,
    {},
  );
}
