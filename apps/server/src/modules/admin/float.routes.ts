import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminFloatResponse } from '@quickvend/shared/api/admin-money';
import { toNairaString } from '@quickvend/shared/money';
import type { FloatMonitor } from './float.service.ts';

export function registerFloatRoutes(parent: FastifyInstance, deps: { float: FloatMonitor }): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();

  /** The provider float beside what customers' wallets hold. */
  app.get(
    '/api/v1/admin/float',
    { config: { access: 'admin' }, schema: { response: { 200: adminFloatResponse } } },
    async () => {
      const float = await deps.float.status();
      return {
        balanceKobo: float.balanceKobo,
        balance: float.balanceKobo === null ? null : toNairaString(float.balanceKobo),
        checkedAt: float.checkedAt?.toISOString() ?? null,
        error: float.error,
        thresholdKobo: float.thresholdKobo,
        threshold: toNairaString(float.thresholdKobo),
        below: float.below,
        liabilitiesKobo: float.liabilitiesKobo,
        liabilities: toNairaString(float.liabilitiesKobo),
        coversLiabilities: float.balanceKobo === null ? null : float.balanceKobo >= float.liabilitiesKobo,
      };
    },
  );
}
