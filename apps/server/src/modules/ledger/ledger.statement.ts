import { getTableColumns, getTableName, sql, type AnyColumn, type SQL, type Table } from 'drizzle-orm';
import { WALLET_PREFIX } from './ledger.lines.ts';

/**
 * One entry as one SQL statement: the entry, its lines, every balance and (when there is one) the caller's
 * record. A single statement is atomic without BEGIN/COMMIT, takes each shared row lock only from its update to
 * the commit that follows at once, and on PostgreSQL is parsed and planned once per connection.
 *
 * Lock order, the same for every entry so that concurrent entries cannot deadlock: wallets, then system accounts,
 * each in code order (a system account's id equals its code). Each move runs only after the one before it
 * (`exists (select from <previous>)`), which also fixes the order in which PostgreSQL runs them.
 *
 * How the statement says no: a refused wallet debit leaves its line without a balance and a missing account
 * leaves its line without an account; NOT NULL refuses either, and the whole statement aborts
 * (see `refusalOf`). A system account below zero trips the CHECK constraint.
 */

/** The caller's row, written in the same statement as the entry: money moves only if the row is written. */
export type EntryRecord<T extends Table> =
  | {
      table: T;
      /** a new row; undefined values take the column's default */
      insert: T['$inferInsert'];
      /** the column that takes the debited wallet's balance after the entry; the row is written only if it can pay */
      walletBalanceInto?: keyof T['$inferInsert'] & string;
    }
  | {
      table: T;
      /** plain values only: the same shape renders the same text */
      update: Partial<T['$inferInsert']>;
      /** every condition must hold; a list means any of its values */
      where: Partial<{
        [K in keyof T['$inferSelect']]: T['$inferSelect'][K] | readonly T['$inferSelect'][K][];
      }>;
    };

export type Move = { code: string; delta: number };

export type EntryPlan = {
  entry: {
    id: string;
    reference: string;
    kind: string;
    memo: string;
    actorId: string | null;
    reversesEntryId: string | null;
    inputHash: string;
  };
  /** in code order */
  wallets: Move[];
  /** in code order */
  system: Move[];
  record?: EntryRecord<Table> | undefined;
  /**
   * Whether the statement itself NOTIFYs the wallets' owners (delivered at commit). A NOTIFY makes its
   * transaction take PostgreSQL's one notification lock through its commit, WAL flush included, so every
   * notifying commit in the cluster waits for the one before: a statement of its own is announced after it
   * instead, by a NOTIFY in a transaction that writes nothing.
   */
  notifyInStatement: boolean;
};

type Slot = { name: string; column?: AnyColumn };

/** A statement's text in pieces, with a named value between each two pieces. */
export type Template = { pieces: string[]; slots: Slot[]; text: string };

class TemplateBuilder {
  private readonly pieces: string[] = [''];
  private readonly slots: Slot[] = [];

  text(value: string): this {
    this.pieces.push(`${this.pieces.pop() ?? ''}${value}`);
    return this;
  }

  /** a value filled in on each call; a column's values are mapped as that column maps them */
  value(name: string, column?: AnyColumn): this {
    this.slots.push(column ? { name, column } : { name });
    this.pieces.push('');
    return this;
  }

  build(): Template {
    const text = this.pieces.reduce((all, piece, i) => (i === 0 ? piece : `${all}$${i}${piece}`), '');
    return { pieces: [...this.pieces], slots: [...this.slots], text };
  }
}

const quote = (identifier: string) => `"${identifier.replaceAll('"', '""')}"`;

/** What makes two plans render the same text: counts, the record's table and columns, never the values. */
export function shapeOf(plan: EntryPlan): string {
  const { record } = plan;
  let recordShape = '-';
  if (record && 'insert' in record) {
    recordShape = `insert ${getTableName(record.table)} ${definedKeys(record.insert).join(',')} ${record.walletBalanceInto ?? ''}`;
  } else if (record) {
    const where = Object.entries(record.where)
      .filter(([, value]) => value !== undefined)
      .map(([key, value]) => (Array.isArray(value) ? `${key}[${value.length}]` : key))
      .sort();
    recordShape = `update ${getTableName(record.table)} ${definedKeys(record.update).join(',')} where ${where.join(',')}`;
  }
  return `${plan.wallets.length} ${plan.system.length} ${plan.notifyInStatement ? 'notify' : '-'} ${recordShape}`;
}

const definedKeys = (values: object) =>
  Object.entries(values)
    .filter(([, value]) => value !== undefined)
    .map(([key]) => key)
    .sort();

/** Every named value of a plan, as its template's slots ask for them. */
export function valuesOf(plan: EntryPlan): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(plan.entry)) values[`entry_${key}`] = value;
  plan.wallets.forEach((move, i) => {
    values[`wallet_code_${i}`] = move.code;
    values[`wallet_delta_${i}`] = move.delta;
    values[`wallet_owner_${i}`] = move.code.slice(WALLET_PREFIX.length);
  });
  plan.system.forEach((move, i) => {
    values[`system_code_${i}`] = move.code;
    values[`system_delta_${i}`] = move.delta;
  });
  const { record } = plan;
  if (record && 'insert' in record) {
    for (const [key, value] of Object.entries(record.insert)) values[`set_${key}`] = value;
  } else if (record) {
    for (const [key, value] of Object.entries(record.update)) values[`set_${key}`] = value;
    for (const [key, value] of Object.entries(record.where)) {
      if (Array.isArray(value)) value.forEach((item: unknown, i) => (values[`where_${key}_${i}`] = item));
      else values[`where_${key}`] = value;
    }
  }
  return values;
}

export const BALANCE_CHANNEL = 'qv_balance';

/** The statement of a plan's shape (see the top of this file). */
export function renderEntry(plan: EntryPlan): Template {
  const s = new TemplateBuilder();
  const ctes: (() => void)[] = [];
  const { record } = plan;
  const columnsOf = (table: Table) => getTableColumns(table) as Record<string, AnyColumn>;
  const column = (table: Table, key: string) => {
    const found = columnsOf(table)[key];
    if (!found) throw new Error(`${getTableName(table)} has no column ${key}`);
    return found;
  };

  const walletMove = (i: number, after: string | null) => () => {
    s.text(`wallet_${i} as (update ledger_accounts set balance_kobo = balance_kobo + `)
      .value(`wallet_delta_${i}`)
      .text(' where code = ')
      .value(`wallet_code_${i}`)
      .text(' and (allow_negative or balance_kobo + ')
      .value(`wallet_delta_${i}`)
      .text(' >= 0)');
    if (after) s.text(` and exists (select from ${after})`);
    s.text(' returning id, balance_kobo)');
  };
  const notify = (i: number) => {
    if (!plan.notifyInStatement) {
      s.text(' returning id)');
      return;
    }
    // PostgreSQL delivers it only when the statement's transaction commits
    s.text(` returning pg_notify('${BALANCE_CHANNEL}', `).value(`wallet_owner_${i}`).text('))');
  };
  const entry = (options: { onlyWithRecord: boolean; idempotent: boolean }) => () => {
    s.text(
      'entry as (insert into ledger_entries (id, reference, kind, memo, actor_id, reverses_entry_id, input_hash) select ',
    );
    const fields = ['id', 'reference', 'kind', 'memo', 'actorId', 'reversesEntryId', 'inputHash'];
    fields.forEach((field, i) => {
      if (i > 0) s.text(', ');
      s.value(`entry_${field}`);
    });
    if (options.onlyWithRecord) s.text(' where exists (select from record)');
    // a reference posted again moves nothing: no entry, so nothing after it runs
    if (options.idempotent) s.text(' on conflict (reference) do nothing');
    s.text(' returning id)');
  };
  const recordInsert = (fromWallet: boolean) => () => {
    if (!record || !('insert' in record)) return;
    const keys = definedKeys(record.insert);
    const names = keys.map((key) => quote(column(record.table, key).name));
    if (record.walletBalanceInto) names.push(quote(column(record.table, record.walletBalanceInto).name));
    s.text(`record as (insert into ${quote(getTableName(record.table))} (${names.join(', ')}) select `);
    keys.forEach((key, i) => {
      if (i > 0) s.text(', ');
      s.value(`set_${key}`, column(record.table, key));
    });
    if (record.walletBalanceInto) s.text(`${keys.length > 0 ? ', ' : ''}wallet_0.balance_kobo`);
    if (fromWallet) s.text(' from wallet_0');
    s.text(' returning *)');
  };
  const recordUpdate = () => {
    if (!record || !('update' in record)) return;
    s.text(`record as (update ${quote(getTableName(record.table))} set `);
    definedKeys(record.update).forEach((key, i) => {
      s.text(`${i > 0 ? ', ' : ''}${quote(column(record.table, key).name)} = `).value(
        `set_${key}`,
        column(record.table, key),
      );
    });
    s.text(' where ');
    const where = Object.entries(record.where).filter(([, value]) => value !== undefined);
    if (where.length === 0) throw new Error('a record update needs a condition');
    where.forEach(([key, value], i) => {
      const target = column(record.table, key);
      s.text(`${i > 0 ? ' and ' : ''}${quote(target.name)}`);
      if (!Array.isArray(value)) {
        s.text(' = ').value(`where_${key}`, target);
        return;
      }
      s.text(' in (');
      value.forEach((_, j) => s.text(j > 0 ? ', ' : '').value(`where_${key}_${j}`, target));
      s.text(')');
    });
    s.text(' returning *)');
  };

  let last: string;
  if (record && 'insert' in record && record.walletBalanceInto) {
    // the record needs the wallet's new balance: the wallet moves first, and decides
    if (plan.wallets.length !== 1 || (plan.wallets[0]?.delta ?? 0) >= 0)
      throw new Error('a record that takes the wallet balance needs exactly one wallet, debited');
    ctes.push(walletMove(0, null), recordInsert(true), entry({ onlyWithRecord: true, idempotent: false }));
    ctes.push(() => {
      s.text(
        'wallet_line_0 as (insert into ledger_lines (entry_id, account_id, amount_kobo, balance_after_kobo) select (select id from entry), wallet_0.id, ',
      )
        .value('wallet_delta_0')
        .text(', wallet_0.balance_kobo from wallet_0');
      notify(0);
    });
    last = 'wallet_line_0';
  } else {
    // any other record decides first; without one, the entry itself does (a reused reference moves nothing)
    if (record) ctes.push('insert' in record ? recordInsert(false) : recordUpdate);
    ctes.push(entry({ onlyWithRecord: Boolean(record), idempotent: !record }));
    last = 'entry';
    plan.wallets.forEach((_, i) => {
      ctes.push(walletMove(i, last));
      ctes.push(() => {
        s.text(
          `wallet_line_${i} as (insert into ledger_lines (entry_id, account_id, amount_kobo, balance_after_kobo) select entry.id, (select id from ledger_accounts where code = `,
        )
          .value(`wallet_code_${i}`)
          .text('), ')
          .value(`wallet_delta_${i}`)
          .text(`, (select balance_kobo from wallet_${i}) from entry`);
        notify(i);
      });
      last = `wallet_line_${i}`;
    });
  }
  plan.system.forEach((_, i) => {
    const after = last;
    ctes.push(() => {
      s.text(`move_${i} as (update ledger_accounts set balance_kobo = balance_kobo + `)
        .value(`system_delta_${i}`)
        .text(' where id = ')
        .value(`system_code_${i}`)
        .text(` and exists (select from ${after}) returning balance_kobo)`);
    });
    ctes.push(() => {
      s.text(
        `line_${i} as (insert into ledger_lines (entry_id, account_id, amount_kobo, balance_after_kobo) select entry.id, `,
      )
        .value(`system_code_${i}`)
        .text(', ')
        .value(`system_delta_${i}`)
        .text(`, (select balance_kobo from move_${i}) from entry returning id)`);
    });
    last = `line_${i}`;
  });

  s.text('with ');
  ctes.forEach((write, i) => {
    if (i > 0) s.text(', ');
    write();
  });
  const extras = [
    '(select id from entry) as ledger_entry_id',
    ...plan.wallets.map((_, i) => `(select balance_kobo from wallet_${i}) as ledger_wallet_balance_${i}`),
  ].join(', ');
  s.text(record ? ` select record.*, ${extras} from record` : ` select ${extras}`);
  return s.build();
}

/** A template's values in slot order, each mapped as its column maps values for the driver. */
export function fill(template: Template, values: Record<string, unknown>): unknown[] {
  return template.slots.map(({ name, column }) => {
    if (!(name in values)) throw new Error(`No value for ${name}`);
    const value = values[name];
    if (value === null || value === undefined) return null;
    return column ? column.mapToDriverValue(value) : value;
  });
}

/** The same statement as a drizzle query, for an open transaction. */
export function asQuery(template: Template, filled: readonly unknown[]): SQL {
  const chunks: SQL[] = [sql.raw(template.pieces[0] ?? '')];
  filled.forEach((value, i) => chunks.push(sql`${value}`, sql.raw(template.pieces[i + 1] ?? '')));
  return sql.join(chunks);
}

/** A row as the statement returned it (database names, driver values) as drizzle returns rows of `table`. */
export function fromDriverRow<T extends Table>(table: T, row: Record<string, unknown>): T['$inferSelect'] {
  const mapped: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = row[column.name];
    mapped[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return mapped;
}
