import type { FastifyInstance } from 'fastify';
import { type AuditEntry, type AuditQuery } from '@quickvend/shared/api/audit';
import { auditChangesText } from '@quickvend/shared/audit';
import { formatLagosTimestamp } from '@quickvend/shared/format';
import { addDays, lagosMidnight } from '@quickvend/shared/periods';
import { AppError } from '../../lib/errors.ts';
import { sendCsv, toCsv } from '../../lib/http/csv.ts';
import type { AuditFilter, AuditLog } from './audit.service.ts';
import { contract } from '@quickvend/shared/contract/index';
import { route } from '../../lib/http/route.ts';

/** The most lines one CSV export holds; narrow the filters for more. */
export const AUDIT_CSV_MAX_ROWS = 10_000;

type Row = Awaited<ReturnType<AuditLog['list']>>[number];

const toEntry = (row: Row): AuditEntry => ({
  id: row.id,
  at: row.at.toISOString(),
  actorId: row.actorId,
  actorLabel: row.actorLabel,
  action: row.action,
  targetType: row.targetType,
  targetId: row.targetId,
  before: row.before ?? null,
  after: row.after ?? null,
  reason: row.reason,
  ip: row.ip,
});

/** @throws VALIDATION_FAILED when the dates run backwards */
function filterOf(query: AuditQuery): AuditFilter {
  if (query.from && query.to && query.from > query.to) {
    const message = 'The end date must be on or after the start date.';
    throw new AppError('VALIDATION_FAILED', message, { fields: { to: message } });
  }
  return {
    ...(query.actor && { actor: query.actor }),
    ...(query.action && { action: query.action }),
    ...(query.targetType && { targetType: query.targetType }),
    ...(query.targetId && { targetId: query.targetId }),
    ...(query.from && { from: lagosMidnight(query.from) }),
    ...(query.to && { to: lagosMidnight(addDays(query.to, 1)) }),
    ...(query.cursor && { before: query.cursor }),
  };
}

/** The audit log, newest first, for admins to read and export; nobody can change it. */
export function registerAuditRoutes(app: FastifyInstance, deps: { audit: Pick<AuditLog, 'list'> }): void {
  route(app, contract.adminAudit.list, async (request) => {
    const { limit } = request.query;
    const rows = await deps.audit.list({ ...filterOf(request.query), limit: limit + 1 });
    const page = rows.slice(0, limit);
    return {
      entries: page.map(toEntry),
      nextCursor: rows.length > limit ? (page.at(-1)?.id ?? null) : null,
    };
  });

  route(app, contract.adminAudit.csv, async (request, reply) => {
    const filter = filterOf(request.query);
    const rows: Row[] = [];
    for (;;) {
      const page = await deps.audit.list({ ...filter, limit: 500 });
      rows.push(...page);
      const last = page.at(-1);
      if (page.length < 500 || !last || rows.length >= AUDIT_CSV_MAX_ROWS) break;
      filter.before = last.id;
    }
    const csv = toCsv(
      ['When (Lagos)', 'Who', 'Action', 'Target', 'Target id', 'Changes', 'Reason', 'IP', 'Record id'],
      rows
        .slice(0, AUDIT_CSV_MAX_ROWS)
        .map((row) => [
          formatLagosTimestamp(row.at.toISOString()),
          row.actorLabel,
          row.action,
          row.targetType,
          row.targetId,
          auditChangesText(row.before ?? null, row.after ?? null),
          row.reason,
          row.ip,
          row.id,
        ]),
    );
    return sendCsv(reply, 'audit-log.csv', csv);
  });
}
