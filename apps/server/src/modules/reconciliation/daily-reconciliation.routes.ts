import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  reconciliationDayParams,
  reconciliationDayResponse,
  reconciliationMessages as say,
  reconciliationPurchaseParams,
  reconciliationsResponse,
  type ReconciliationDay,
} from '@quickvend/shared/api/daily-reconciliation';
import { AppError } from '../../lib/errors.ts';
import { actorOf } from '../audit/index.ts';
import type { DailyReconciliation, ReconciledDay } from './daily-reconciliation.service.ts';

const admin = { access: 'admin' } as const;

type FindPeople = (ids: readonly string[]) => Promise<Map<string, { name: string; email: string }>>;

/** The daily reconciliation with VTpass in the back office: the recent days, one day, run it, ask again. */
export function registerDailyReconciliationRoutes(
  parent: FastifyInstance,
  deps: { reconciliation: DailyReconciliation; findPeople: FindPeople },
): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
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

  app.get(
    '/api/v1/admin/reconciliations',
    { config: admin, schema: { response: { 200: reconciliationsResponse } } },
    async () => ({
      reconciliations: (await reconciliation.list()).map((result) => ({
        day: result.day,
        ranAt: result.ranAt.toISOString(),
        status: result.status,
        differenceCount: result.differences.length,
        differenceKobo: result.differences.reduce((sum, difference) => sum + difference.amountKobo, 0),
      })),
    }),
  );

  app.get(
    '/api/v1/admin/reconciliations/:day',
    {
      config: admin,
      schema: { params: reconciliationDayParams, response: { 200: reconciliationDayResponse } },
    },
    async (request) => {
      const result = await reconciliation.get(request.params.day);
      if (!result) throw new AppError('NOT_FOUND', say.notRun);
      return view(result);
    },
  );

  app.post(
    '/api/v1/admin/reconciliations/:day/run',
    {
      config: admin,
      schema: { params: reconciliationDayParams, response: { 200: reconciliationDayResponse } },
    },
    async (request) => view(await reconciliation.run(request.params.day, actorOf(request).id)),
  );

  app.post(
    '/api/v1/admin/reconciliations/:day/purchases/:purchaseId/requery',
    {
      config: admin,
      schema: { params: reconciliationPurchaseParams, response: { 200: reconciliationDayResponse } },
    },
    async (request) =>
      view(await reconciliation.recheck(request.params.day, request.params.purchaseId, actorOf(request))),
  );
}
