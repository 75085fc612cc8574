import type { CreatePurchaseBody } from './api/purchases.ts';

/**
 * Everything that makes one purchase differ from another, as one text: the server keeps its hash beside the
 * requestId (the same key must always carry the same purchase), and the web app takes a new key when it
 * changes. Spaces in the phone and a number or text amount make no difference.
 */
export function purchaseFingerprint(body: Omit<CreatePurchaseBody, 'requestId' | 'pin'>): string {
  return JSON.stringify([
    body.serviceId,
    (body.phone ?? '').replace(/\s/g, ''),
    body.amount === undefined ? null : String(body.amount),
    body.variationCode ?? null,
    body.billersCode ?? null,
    body.subscriptionType ?? null,
    body.quantity ?? null,
    // appended only when present, so the hashes kept before meter types existed still match
    ...(body.type ? [body.type] : []),
  ]);
}
