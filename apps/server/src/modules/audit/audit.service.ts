import { and, desc, eq, gte, isNull, like, lt, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Database, Executor } from '../../db/client.ts';
import { newId } from '../../lib/ids.ts';
import { toStorableJson } from '../../lib/storable-json.ts';
import { auditLog } from './audit.tables.ts';

/** Who did it and from where: an admin on the web, or the operator at the command line. */
export type Actor = { id: string | null; label: string; ip?: string | null };

export type AuditRecord = {
  action: string;
  targetType: string;
  targetId?: string | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  reason?: string | null;
};

export type AuditFilter = {
  actorId?: string;
  /** an admin's user id or email (any case), or `cli` for every command-line action */
  actor?: string;
  /** an action (`user.suspend`) or a family of them (`user` matches `user.suspend`, `user.delete`) */
  action?: string;
  targetType?: string;
  targetId?: string;
  from?: Date;
  to?: Date;
  /** the id of the last row of the previous page */
  before?: string;
  limit?: number;
};

/** The admin a guard has let through, as the audit log names them. */
export function actorOf(request: FastifyRequest): Actor {
  const user = request.currentUser;
  if (!user) throw new Error('an audited action needs a signed-in actor');
  return { id: user.id, label: user.email, ip: request.ip };
}

/** The operator at the command line. */
export const cliActor = (): Actor => ({
  id: null,
  label: `cli:${process.env['USER'] ?? process.env['LOGNAME'] ?? 'operator'}`,
});

// through JSON first: dates become their ISO text, undefined fields drop out
const storable = (value: Record<string, unknown> | null | undefined) =>
  value ? (toStorableJson(JSON.parse(JSON.stringify(value))) as Record<string, unknown>) : null;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, '\\$&');

const actorIs = (actor: string): SQL =>
  actor.toLowerCase() === 'cli'
    ? isNull(auditLog.actorId)
    : (or(eq(auditLog.actorId, actor), sql`lower(${auditLog.actorLabel}) = ${actor.toLowerCase()}`) as SQL);

export function createAuditLog(db: Database) {
  return {
    /** Records an action; pass the transaction that does it, so the record and the action commit together. */
    async record(actor: Actor, entry: AuditRecord, executor: Executor = db): Promise<string> {
      const id = newId('aud');
      await executor.insert(auditLog).values({
        id,
        actorId: actor.id,
        actorLabel: actor.label,
        ip: actor.ip ?? null,
        action: entry.action,
        targetType: entry.targetType,
        targetId: entry.targetId ?? null,
        before: storable(entry.before),
        after: storable(entry.after),
        reason: entry.reason ?? null,
      });
      return id;
    },

    /** Newest first. */
    async list(filter: AuditFilter = {}) {
      const conditions: SQL[] = [];
      if (filter.actorId) conditions.push(eq(auditLog.actorId, filter.actorId));
      if (filter.actor) conditions.push(actorIs(filter.actor));
      if (filter.action) {
        const family = like(auditLog.action, `${escapeLike(filter.action)}.%`);
        conditions.push(or(eq(auditLog.action, filter.action), family) as SQL);
      }
      if (filter.targetType) conditions.push(eq(auditLog.targetType, filter.targetType));
      if (filter.targetId) conditions.push(eq(auditLog.targetId, filter.targetId));
      if (filter.from) conditions.push(gte(auditLog.at, filter.from));
      if (filter.to) conditions.push(lt(auditLog.at, filter.to));
      if (filter.before) conditions.push(lt(auditLog.id, filter.before));
      return db
        .select()
        .from(auditLog)
        .where(and(...conditions))
        .orderBy(desc(auditLog.id))
        .limit(Math.min(filter.limit ?? 50, 500));
    },
  };
}

export type AuditLog = ReturnType<typeof createAuditLog>;
