import type { FastifyInstance } from 'fastify';
import { type ReconciliationDay } from '@quickvend/shared/api/daily-reconciliation';
import { AppError } from '../../lib/errors.ts';
import { actorOf } from '../audit/index.ts';
import type { DailyReconciliation, ReconciledDay } from './daily-reconciliation.service.ts';
import { reconciliationMessages as say } from '@quickvend/shared/api/daily-reconciliation';
import { contract } from '@quickvend/shared/contract/index';
import { route } from '../../lib/http/route.ts';

type FindPeople = (ids: readonly string[]) => Promise<Map<string, { name: string; email: string }>>;

/** The daily reconciliation with VTpass in the back office: the recent days, one day, run it, ask again. */
export function registerDailyReconciliationRoutes(
  app: FastifyInstance,
  deps: { reconciliation: DailyReconciliation; findPeople: FindPeople },
): void {
  const { reconciliation } = deps;

  async function view(result: ReconciledDay): Promise<{ reconciliation: ReconciliationDay }> {
    const person = result.ranBy ? (await deps.findPeople([result.ranBy])).get(result.ranBy) : undefined;
    return {
      reconciliation: {
        day: result.day,
        ranAt: result.ranAt.toISOString(),
        ranBy: result.ranBy ? { id: result.ranBy, name: person?.name || person?.email || 'Unknown' } : null,
        status: result.status,
        totals: result.totals,
        differences: result.differences,
      },
    };
  }

  route(app, contract.adminReconciliation.list, async () => ({
    reconciliations: (await reconciliation.list()).map((result) => ({
      day: result.day,
      ranAt: result.ranAt.toISOString(),
      status: result.status,
      differenceCount: result.differences.length,
      differenceKobo: result.differences.reduce((sum, difference) => sum + difference.amountKobo, 0),
    })),
  }));

  route(app, contract.adminReconciliation.get, async (request) => {
    const result = await reconciliation.get(request.params.day);
    if (!result) throw new AppError('NOT_FOUND', say.notRun);
    return view(result);
  });

  route(app, contract.adminReconciliation.run, async (request) =>
    view(await reconciliation.run(request.params.day, actorOf(request).id)),
  );

  route(app, contract.adminReconciliation.requery, async (request) =>
    view(await reconciliation.recheck(request.params.day, request.params.purchaseId, actorOf(request))),
  );
}
