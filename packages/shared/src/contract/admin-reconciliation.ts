import { z } from 'zod';
import {
  reconciliationDayParams,
  reconciliationDayResponse,
  reconciliationPurchaseParams,
  reconciliationsResponse,
} from '../api/daily-reconciliation.ts';
import {
  providerLossesResponse,
  recoverProviderLossResponse,
  resolveProviderLossBody,
  writeOffProviderLossResponse,
} from '../api/provider-losses.ts';
import { defineRoute } from './define.ts';

const idParams = z.object({ id: z.string().min(1).max(64) });

export const adminReconciliation = {
  list: defineRoute({
    method: 'GET',
    path: '/api/v1/admin/reconciliations',
    access: 'admin',
    summary: 'Daily reconciliations with the provider',
    responses: { 200: reconciliationsResponse },
    errors: [],
  }),
  get: defineRoute({
    method: 'GET',
    path: '/api/v1/admin/reconciliations/:day',
    access: 'admin',
    summary: "One day's reconciliation",
    params: reconciliationDayParams,
    responses: { 200: reconciliationDayResponse },
    errors: ['NOT_FOUND'],
  }),
  run: defineRoute({
    method: 'POST',
    path: '/api/v1/admin/reconciliations/:day/run',
    access: 'admin',
    summary: 'Reconcile a day again',
    params: reconciliationDayParams,
    responses: { 200: reconciliationDayResponse },
    errors: ['CONFLICT', 'SERVICE_UNAVAILABLE'],
  }),
  requery: defineRoute({
    method: 'POST',
    path: '/api/v1/admin/reconciliations/:day/purchases/:purchaseId/requery',
    access: 'admin',
    summary: 'Ask the provider about one difference',
    params: reconciliationPurchaseParams,
    responses: { 200: reconciliationDayResponse },
    errors: ['NOT_FOUND', 'SERVICE_UNAVAILABLE'],
  }),
  providerLosses: defineRoute({
    method: 'GET',
    path: '/api/v1/admin/provider-losses',
    access: 'admin',
    summary: 'Money the provider took without delivering',
    responses: { 200: providerLossesResponse },
    errors: [],
  }),
  recoverLoss: defineRoute({
    method: 'POST',
    path: '/api/v1/admin/provider-losses/:id/recover',
    access: 'admin',
    summary: 'Record a provider loss as recovered',
    params: idParams,
    body: resolveProviderLossBody,
    responses: { 201: recoverProviderLossResponse },
    errors: ['CONFLICT', 'NOT_FOUND'],
  }),
  writeOffLoss: defineRoute({
    method: 'POST',
    path: '/api/v1/admin/provider-losses/:id/write-off',
    access: 'admin',
    summary: 'Write a provider loss off',
    params: idParams,
    body: resolveProviderLossBody,
    responses: { 200: writeOffProviderLossResponse },
    errors: ['CONFLICT', 'NOT_FOUND'],
  }),
} as const;
