import type { FastifyInstance } from 'fastify';
import { toNairaString } from '@quickvend/shared/money';
import type { FloatMonitor } from './float.service.ts';
import { contract } from '@quickvend/shared/contract/index';
import { route } from '../../lib/http/route.ts';

export function registerFloatRoutes(app: FastifyInstance, deps: { float: FloatMonitor }): void {
  /** The provider float beside what customers' wallets hold. */
  route(app, contract.adminMoney.float, async () => {
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
  });
}
