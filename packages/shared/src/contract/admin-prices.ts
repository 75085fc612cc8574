import {
  adminPriceServiceResponse,
  adminPricesResponse,
  pricePreviewBody,
  pricePreviewResponse,
  resetPriceQuery,
  savePriceBody,
  savePriceResponse,
} from '../api/admin-prices.ts';
import { defineRoute } from './define.ts';

export const adminPrices = {
  list: defineRoute({
    method: 'GET',
    path: '/api/v1/admin/prices',
    access: 'admin',
    summary: 'Every price with its cost and margin',
    responses: { 200: adminPricesResponse },
    errors: [],
  }),
  preview: defineRoute({
    method: 'POST',
    path: '/api/v1/admin/prices/preview',
    access: 'admin',
    summary: 'What a price rule would charge',
    body: pricePreviewBody,
    responses: { 200: pricePreviewResponse },
    errors: ['NOT_FOUND'],
  }),
  save: defineRoute({
    method: 'PUT',
    path: '/api/v1/admin/prices',
    access: 'admin',
    summary: 'Set a price rule (202 when it waits for a second admin)',
    body: savePriceBody,
    responses: { 200: savePriceResponse, 202: savePriceResponse },
    errors: ['CONFLICT', 'NOT_FOUND'],
  }),
  reset: defineRoute({
    method: 'DELETE',
    path: '/api/v1/admin/prices',
    access: 'admin',
    summary: 'Go back to the default price',
    query: resetPriceQuery,
    responses: { 200: adminPriceServiceResponse },
    errors: ['NOT_FOUND'],
  }),
} as const;
