import { sql, type SQL } from 'drizzle-orm';
import { WALLET_PREFIX } from './ledger.lines.ts';

/**
 * One entry as one SQL statement: the entry, its lines and every balance. A single statement is atomic without BEGIN/COMMIT, takes each shared row lock only from its update to
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
  /**
   * Whether the statement itself NOTIFYs the wallets' owners (delivered at commit). A NOTIFY makes its
   * transaction take PostgreSQL's one notification lock through its commit, WAL flush included, so every
   * notifying commit in the cluster waits for the one before: a statement of its own is announced after it
   * instead, by a NOTIFY in a transaction that writes nothing.
   */
  notifyInStatement: boolean;
};

/** A statement's text in pieces, with a named value between each two pieces. */
export type Template = { pieces: string[]; slots: string[]; text: string };

class TemplateBuilder {
  private readonly pieces: string[] = [''];
  private readonly slots: string[] = [];

  text(value: string): this {
    this.pieces.push(`${this.pieces.pop() ?? ''}${value}`);
    return this;
  }

  /** a value filled in on each call */
  value(name: string): this {
    this.slots.push(name);
    this.pieces.push('');
    return this;
  }

  build(): Template {
    const text = this.pieces.reduce((all, piece, i) => (i === 0 ? piece : `${all}$${i}${piece}`), '');
    return { pieces: [...this.pieces], slots: [...this.slots], text };
  }
}

/** What makes two plans render the same text: the counts of each kind of move, never the values. */
export function shapeOf(plan: EntryPlan): string {
  return `${plan.wallets.length} ${plan.system.length} ${plan.notifyInStatement ? 'notify' : '-'}`;
}

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
  return values;
}

export const BALANCE_CHANNEL = 'qv_balance';

/** The statement of a plan's shape (see the top of this file). */
export function renderEntry(plan: EntryPlan): Template {
  const s = new TemplateBuilder();
  const ctes: (() => void)[] = [];

  const notify = (i: number) => {
    if (!plan.notifyInStatement) {
      s.text(' returning id)');
      return;
    }
    // PostgreSQL delivers it only when the statement's transaction commits
    s.text(` returning pg_notify('${BALANCE_CHANNEL}', `).value(`wallet_owner_${i}`).text('))');
  };

  // the entry decides: a reference posted again moves nothing, so nothing after it runs
  ctes.push(() => {
    s.text(
      'entry as (insert into ledger_entries (id, reference, kind, memo, actor_id, reverses_entry_id, input_hash) select ',
    );
    const fields = ['id', 'reference', 'kind', 'memo', 'actorId', 'reversesEntryId', 'inputHash'];
    fields.forEach((field, i) => {
      if (i > 0) s.text(', ');
      s.value(`entry_${field}`);
    });
    s.text(' on conflict (reference) do nothing returning id)');
  });
  let last = 'entry';
  plan.wallets.forEach((_, i) => {
    const after = last;
    ctes.push(() => {
      s.text(`wallet_${i} as (update ledger_accounts set balance_kobo = balance_kobo + `)
        .value(`wallet_delta_${i}`)
        .text(' where code = ')
        .value(`wallet_code_${i}`)
        .text(' and (allow_negative or balance_kobo + ')
        .value(`wallet_delta_${i}`)
        .text(` >= 0) and exists (select from ${after}) returning id, balance_kobo)`);
    });
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
  s.text(` select ${extras}`);
  return s.build();
}

/** A template's values in slot order. */
export function fill(template: Template, values: Record<string, unknown>): unknown[] {
  return template.slots.map((name) => {
    if (!(name in values)) throw new Error(`No value for ${name}`);
    return values[name] ?? null;
  });
}

/** The same statement as a drizzle query, for an open transaction. */
export function asQuery(template: Template, filled: readonly unknown[]): SQL {
  const chunks: SQL[] = [sql.raw(template.pieces[0] ?? '')];
  filled.forEach((value, i) => chunks.push(sql`${value}`, sql.raw(template.pieces[i + 1] ?? '')));
  return sql.join(chunks);
}
