import {
  beneficiariesResponse,
  beneficiaryParams,
  beneficiaryResponse,
  listBeneficiariesQuery,
  saveBeneficiaryBody,
  updateBeneficiaryBody,
} from '../api/beneficiaries.ts';
import { defineRoute } from './define.ts';

export const beneficiaries = {
  list: defineRoute({
    method: 'GET',
    path: '/api/v1/beneficiaries',
    access: 'user',
    summary: 'Saved numbers',
    query: listBeneficiariesQuery,
    responses: { 200: beneficiariesResponse },
    errors: [],
  }),
  save: defineRoute({
    method: 'POST',
    path: '/api/v1/beneficiaries',
    access: 'user',
    summary: 'Save a number (200 when it was saved already)',
    body: saveBeneficiaryBody,
    responses: { 200: beneficiaryResponse, 201: beneficiaryResponse },
    errors: ['CONFLICT'],
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/api/v1/beneficiaries/:id',
    access: 'user',
    summary: 'Rename a saved number',
    params: beneficiaryParams,
    body: updateBeneficiaryBody,
    responses: { 200: beneficiaryResponse },
    errors: ['NOT_FOUND'],
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/api/v1/beneficiaries/:id',
    access: 'user',
    summary: 'Forget a saved number',
    params: beneficiaryParams,
    responses: { 200: beneficiaryResponse },
    errors: ['NOT_FOUND'],
  }),
} as const;
