import { metaResponse } from '../api/meta.ts';
import { defineRoute } from './define.ts';

export const system = {
  meta: defineRoute({
    method: 'GET',
    path: '/api/v1/meta',
    access: 'public',
    summary: "The product's name, mode, funding limits and support contacts",
    responses: { 200: metaResponse },
    errors: [],
  }),
} as const;
