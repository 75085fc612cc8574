import { sql, type SQL } from 'drizzle-orm';
import type { FundingKind, FundingState } from '@quickvend/shared/api/admin-purchases';
import { kobo, parseNaira, type Kobo } from '@quickvend/shared/money';
import { queryRows, type Database } from '../../db/client.ts';

export type FundingFilter = {
  kind?: FundingKind | undefined;
  status?: FundingState | undefined;
  userId?: string | undefined;
  /** the first instant included */
  since?: Date | undefined;
  /** the first instant excluded */
  until?: Date | undefined;
  reference?: string | undefined;
  minAmount?: string | undefined;
  maxAmount?: string | undefined;
  sort: 'createdAt' | 'amount';
  order: 'asc' | 'desc';
};

export type FundingRecord = {
  id: string;
  kind: FundingKind;
  reference: string;
  status: FundingState;
  detail: string;
  userId: string;
  amountKobo: Kobo;
  feesKobo: Kobo | null;
  creditKobo: Kobo | null;
  note: string | null;
  createdAt: Date;
  settledAt: Date | null;
};

/**
 * Card payments, transfers into dedicated accounts and manual deposits as one list, each status put in one
 * word (its own kept as `detail`).
 */
const FUNDINGS = sql`(
  select p.id,
    case when p.channel = 'dedicated_nuban' then 'transfer' else 'card' end as kind,
    p.reference,
    case when r.id is not null then 'parked' else p.status end as detail,
    case when r.id is not null then 'failed'
      else case p.status when 'success' then 'credited' when 'pending' then 'pending' when 'review' then 'review'
      else 'failed' end end as state,
    p.user_id, p.amount_kobo, p.fees_kobo,
    case when p.status = 'success' and r.id is null then p.amount_kobo end as credit_kobo,
    case when r.id is not null then 'Paid after the account closed: money to send back'
      else coalesce(p.sender_name, p.gateway_response) end as note,
    p.created_at, p.paid_at as settled_at
  from payments p left join refunds_due r on r.reference = p.reference
  union all
  select m.id, 'manual', m.id, m.status,
    case m.status when 'approved' then 'credited' when 'pending' then 'pending' else 'failed' end,
    m.user_id, m.amount_kobo, m.charge_kobo,
    case when m.status = 'approved' then m.amount_kobo - m.charge_kobo end,
    m.depositor_name || ' (' || m.bank_name || ')' || coalesce(': ' || m.reason, ''),
    m.created_at, m.decided_at
  from manual_funding_requests m
) as f`;

const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function whereOf(filter: FundingFilter): SQL {
  const conditions: SQL[] = [sql`true`];
  if (filter.kind) conditions.push(sql`f.kind = ${filter.kind}`);
  if (filter.status) conditions.push(sql`f.state = ${filter.status}`);
  if (filter.userId) conditions.push(sql`f.user_id = ${filter.userId}`);
  if (filter.since) conditions.push(sql`f.created_at >= ${filter.since.toISOString()}::timestamptz`);
  if (filter.until) conditions.push(sql`f.created_at < ${filter.until.toISOString()}::timestamptz`);
  if (filter.reference) conditions.push(sql`f.reference ilike ${`%${likeEscaped(filter.reference)}%`}`);
  if (filter.minAmount) conditions.push(sql`f.amount_kobo >= ${parseNaira(filter.minAmount)}`);
  if (filter.maxAmount) conditions.push(sql`f.amount_kobo <= ${parseNaira(filter.maxAmount)}`);
  return sql.join(conditions, sql` and `);
}

function orderOf(filter: FundingFilter): SQL {
  const column = filter.sort === 'amount' ? 'f.amount_kobo' : 'f.created_at';
  const direction = filter.order === 'asc' ? 'asc' : 'desc';
  return sql.raw(`${column} ${direction}, f.id ${direction}`);
}

type Row = {
  id: string;
  kind: FundingKind;
  reference: string;
  detail: string;
  state: FundingState;
  user_id: string;
  amount_kobo: string;
  fees_kobo: string | null;
  credit_kobo: string | null;
  note: string | null;
  created_at: string;
  settled_at: string | null;
};

const amountOf = (text: string | null) => (text === null ? null : kobo(Number(text)));

function toRecord(row: Row): FundingRecord {
  return {
    id: row.id,
    kind: row.kind,
    reference: row.reference,
    status: row.state,
    detail: row.detail,
    userId: row.user_id,
    amountKobo: kobo(Number(row.amount_kobo)),
    feesKobo: amountOf(row.fees_kobo),
    creditKobo: amountOf(row.credit_kobo),
    note: row.note,
    createdAt: new Date(row.created_at),
    settledAt: row.settled_at === null ? null : new Date(row.settled_at),
  };
}

/** The back office's reads over every customer's fundings. */
export function createFundingSearch(db: Database) {
  const select = (filter: FundingFilter) => sql`
    select f.id, f.kind, f.reference, f.detail, f.state, f.user_id, f.amount_kobo::text as amount_kobo,
      f.fees_kobo::text as fees_kobo, f.credit_kobo::text as credit_kobo, f.note,
      to_json(f.created_at) #>> '{}' as created_at, to_json(f.settled_at) #>> '{}' as settled_at
    from ${FUNDINGS}
    where ${whereOf(filter)}
    order by ${orderOf(filter)}`;

  return {
    async search(
      filter: FundingFilter,
      page: { page: number; pageSize: number },
    ): Promise<{ rows: FundingRecord[]; total: number }> {
      const offset = (page.page - 1) * page.pageSize;
      const [rows, [counted]] = await Promise.all([
        queryRows<Row>(db, sql`${select(filter)} limit ${page.pageSize} offset ${offset}`),
        queryRows<{ total: number }>(
          db,
          sql`select count(*)::int as total from ${FUNDINGS} where ${whereOf(filter)}`,
        ),
      ]);
      return { rows: rows.map(toRecord), total: counted?.total ?? 0 };
    },

    /** Every funding the filter finds, in its order, up to `limit`. */
    async all(filter: FundingFilter, limit: number): Promise<FundingRecord[]> {
      return (await queryRows<Row>(db, sql`${select(filter)} limit ${limit}`)).map(toRecord);
    },
  };
}

export type FundingSearch = ReturnType<typeof createFundingSearch>;
