import { referralsResponse } from '../api/referrals.ts';
import { defineRoute } from './define.ts';

export const referrals = {
  overview: defineRoute({
    method: 'GET',
    path: '/api/v1/referrals',
    access: 'user',
    summary: 'Referral code, friends and rewards',
    responses: { 200: referralsResponse },
    errors: [],
  }),
  seen: defineRoute({
    method: 'POST',
    path: '/api/v1/referrals/seen',
    access: 'user',
    summary: 'Mark new rewards seen',
    responses: { 204: null },
    errors: [],
  }),
} as const;
