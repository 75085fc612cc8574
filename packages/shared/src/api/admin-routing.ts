import { z } from 'zod';
import { BILLS_PROVIDERS } from '../providers.ts';
import { purchaseKind } from './purchases.ts';

export const billsProviderName = z.enum(BILLS_PROVIDERS);

/** One aggregator for one service: whether it can sell it, and what it earned us there lately. */
export const serviceProviderView = z.object({
  provider: billsProviderName,
  role: z.enum(['primary', 'fallback', 'off']),
  /** it sells this service (some plans may still be missing there) */
  offers: z.boolean(),
  /** delivered purchases in the last 30 days */
  delivered: z.number().int(),
  /** what we kept of what customers paid over those purchases, in basis points; null without any */
  marginBps: z.number().int().nullable(),
});
export type ServiceProviderView = z.infer<typeof serviceProviderView>;

export const serviceRouteView = z.object({
  serviceId: z.string(),
  name: z.string(),
  kind: purchaseKind,
  primary: billsProviderName.nullable(),
  fallback: billsProviderName.nullable(),
  /** never set by an admin: the defaults apply */
  isDefault: z.boolean(),
  providers: z.array(serviceProviderView),
  updatedAt: z.string().nullable(),
});
export type ServiceRouteView = z.infer<typeof serviceRouteView>;

export const serviceRoutesResponse = z.object({
  /** the aggregators this server is set up to sell through */
  providers: z.array(z.object({ name: billsProviderName, label: z.string() })),
  services: z.array(serviceRouteView),
});
export type ServiceRoutesResponse = z.infer<typeof serviceRoutesResponse>;

/** A primary and a fallback; both null turns the service off. */
export const saveServiceRouteBody = z
  .object({
    serviceId: z.string().trim().min(1).max(64),
    primary: billsProviderName.nullable(),
    fallback: billsProviderName.nullable(),
    reason: z
      .string()
      .trim()
      .min(3, 'Say why you are changing where this service is sold.')
      .max(300, 'Keep the reason under 300 characters.'),
  })
  .refine((route) => route.primary !== null || route.fallback === null, {
    path: ['fallback'],
    message: 'Choose a first provider before a fallback.',
  })
  .refine((route) => route.fallback === null || route.fallback !== route.primary, {
    path: ['fallback'],
    message: 'The fallback must be another provider.',
  });
export type SaveServiceRouteBody = z.input<typeof saveServiceRouteBody>;

export const saveServiceRouteResponse = z.object({ service: serviceRouteView });
