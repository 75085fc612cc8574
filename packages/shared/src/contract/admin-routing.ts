import {
  saveServiceRouteBody,
  saveServiceRouteResponse,
  serviceRoutesResponse,
} from '../api/admin-routing.ts';
import { defineRoute } from './define.ts';

export const adminRouting = {
  list: defineRoute({
    method: 'GET',
    path: '/api/v1/admin/service-routes',
    access: 'admin',
    summary: 'Where each service is sold: first provider, fallback, and the recent margin of each provider',
    responses: { 200: serviceRoutesResponse },
    errors: [],
  }),
  save: defineRoute({
    method: 'PUT',
    path: '/api/v1/admin/service-routes',
    access: 'admin',
    summary: 'Set the first provider and fallback of a service, or turn it off (audited)',
    body: saveServiceRouteBody,
    responses: { 200: saveServiceRouteResponse },
    errors: ['NOT_FOUND'],
  }),
} as const;
