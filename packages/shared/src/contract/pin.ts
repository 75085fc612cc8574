import { okResponse } from '../api/common.ts';
import { changePinRequestBody, pinStatusResponse, resetPinBody, setPinBody } from '../api/pin.ts';
import { defineRoute } from './define.ts';

export const pin = {
  status: defineRoute({
    method: 'GET',
    path: '/api/v1/pin',
    access: 'user',
    summary: 'Whether a transaction PIN is set',
    responses: { 200: pinStatusResponse },
    errors: [],
  }),
  set: defineRoute({
    method: 'POST',
    path: '/api/v1/pin',
    access: 'user',
    summary: 'Set or change the transaction PIN',
    body: setPinBody,
    responses: { 200: pinStatusResponse },
    errors: ['PIN_INCORRECT', 'PIN_LOCKED'],
  }),
  requestReset: defineRoute({
    method: 'POST',
    path: '/api/v1/pin/change-request',
    access: 'user',
    summary: 'Mail a link to reset a forgotten PIN',
    body: changePinRequestBody,
    responses: { 202: okResponse },
    errors: ['INVALID_CREDENTIALS', 'RATE_LIMITED', 'VALIDATION_FAILED'],
  }),
  reset: defineRoute({
    method: 'POST',
    path: '/api/v1/pin/reset',
    access: 'public',
    summary: 'Set a new PIN with the mailed link',
    body: resetPinBody,
    responses: { 200: okResponse },
    errors: ['INVALID_TOKEN'],
  }),
} as const;
