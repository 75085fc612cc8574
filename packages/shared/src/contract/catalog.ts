import { z } from 'zod';
import { servicesResponse, variationsResponse } from '../api/purchases.ts';
import { defineRoute } from './define.ts';

export const catalog = {
  services: defineRoute({
    method: 'GET',
    path: '/api/v1/services',
    access: 'public',
    partner: true,
    summary: 'The services on sale',
    responses: { 200: servicesResponse },
    errors: [],
  }),
  variations: defineRoute({
    method: 'GET',
    path: '/api/v1/services/:serviceId/variations',
    access: 'public',
    partner: true,
    summary: "A service's plans or bouquets with their prices",
    params: z.object({ serviceId: z.string().min(1).max(64) }),
    responses: { 200: variationsResponse },
    errors: ['NOT_FOUND'],
  }),
} as const;
