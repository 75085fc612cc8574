import { z } from 'zod';
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
  openApi: defineRoute({
    method: 'GET',
    path: '/api/v1/openapi.json',
    access: 'public',
    summary: 'This API described as an OpenAPI 3.1 document',
    responses: { 200: z.looseObject({}) },
    errors: [],
  }),
} as const;
