import type { Database } from '../../src/db/client.ts';

/** A query the app sent, the rows it returned, and the `set local` settings of its transaction before it. */
export type LoggedQuery = { text: string; values: unknown[]; rows: number; settings: string[] };

type Result = { rows?: unknown[] };
type QueryFn = (...args: unknown[]) => Promise<Result>;
type Queryable = { query: QueryFn };
/** node-postgres's pool (connect) or PGlite (transaction): either way, where transactions get their client */
type Client = Queryable & {
  connect?: (...args: unknown[]) => Promise<Queryable & { release: () => void }>;
  transaction?: <T>(work: (tx: Queryable) => Promise<T>) => Promise<T>;
};

function textOf(args: unknown[]): { text: string; values: unknown[] } {
  const [first, second] = args;
  if (typeof first === 'string') return { text: first, values: Array.isArray(second) ? second : [] };
  const config = first as { text?: string; values?: unknown[] };
  return { text: config.text ?? '', values: Array.isArray(second) ? second : (config.values ?? []) };
}

type PlanNode = {
  'Relation Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  Plans?: PlanNode[];
};

/**
 * Every query the app sends through its pool (PostgreSQL) or its embedded client (PGlite), in transactions too,
 * with the rows it returned, until `stop`. `explain` runs a logged SELECT again under EXPLAIN ANALYZE (with its
 * transaction's settings) and says how many rows each table gave up to it, loops included: what the query read,
 * not only what it returned.
 */
export function watchQueries(db: Database) {
  const client = (db as unknown as { $client: Client }).$client;
  const log: LoggedQuery[] = [];
  let isWatching = true;
  const restore: (() => void)[] = [];

  function patch<K extends 'query' | 'connect' | 'transaction'>(target: Client, key: K, value: Client[K]) {
    const own = Object.getOwnPropertyDescriptor(target, key);
    target[key] = value;
    restore.push(() => {
      if (own) Object.defineProperty(target, key, own);
      else Reflect.deleteProperty(target, key);
    });
  }

  /** `query` of one connection or transaction, logging while watched; `settings` lives as long as it does */
  function logging(query: QueryFn, settings: string[] = []): QueryFn {
    return (...args: unknown[]) => {
      // the callback form is the pool's own `query` on a connection, logged already as the pool's
      if (typeof args.at(-1) === 'function') return query(...args);
      return query(...args).then((result) => {
        if (!isWatching) return result;
        const { text, values } = textOf(args);
        if (/^\s*set local /i.test(text)) settings.push(text);
        else if (/^\s*(commit|rollback)\b/i.test(text)) settings.length = 0;
        log.push({ text, values, rows: result.rows?.length ?? 0, settings: [...settings] });
        return result;
      });
    };
  }

  const query: QueryFn = client.query.bind(client);
  patch(client, 'query', logging(query));
  const { connect, transaction } = client;
  if (connect) {
    const connectOriginal = connect.bind(client);
    const watched = new WeakSet<object>();
    patch(client, 'connect', async (...args: unknown[]) => {
      // the callback form is the pool's own `query`, already logged
      if (typeof args[0] === 'function') return connectOriginal(...args);
      const connection = await connectOriginal(...args);
      if (!watched.has(connection)) {
        watched.add(connection);
        connection.query = logging(connection.query.bind(connection));
      }
      return connection;
    });
  }
  if (transaction) {
    const transactionOriginal = transaction.bind(client);
    patch(client, 'transaction', (work) =>
      transactionOriginal((tx) => {
        tx.query = logging(tx.query.bind(tx));
        return work(tx);
      }),
    );
  }

  async function explainRows(logged: LoggedQuery): Promise<Result> {
    const text = `explain (analyze, format json) ${logged.text}`;
    if (logged.settings.length === 0) return query(text, logged.values);
    const run = async (tx: Queryable) => {
      for (const setting of logged.settings) await tx.query(setting);
      return tx.query(text, logged.values);
    };
    if (transaction) return transaction.call(client, run) as Promise<Result>;
    if (!connect) throw new Error('a client with neither transactions nor connections');
    const connection = await connect.call(client);
    try {
      await connection.query('begin');
      return await run(connection);
    } finally {
      await connection.query('rollback');
      connection.release();
    }
  }

  return {
    log,
    /** the queries logged since `mark` (a length of `log`) */
    since: (mark: number) => log.slice(mark),
    stop: () => {
      isWatching = false;
      for (const undo of restore.reverse()) undo();
    },
    async explain(logged: LoggedQuery): Promise<Map<string, number>> {
      const wasWatching = isWatching;
      isWatching = false;
      try {
        const [row] = ((await explainRows(logged)).rows ?? []) as Record<string, unknown>[];
        const cell = row ? Object.values(row)[0] : undefined;
        const parsed: unknown = typeof cell === 'string' ? JSON.parse(cell) : cell;
        const [top] = parsed as { Plan: PlanNode }[];
        const read = new Map<string, number>();
        const visit = (node: PlanNode) => {
          const relation = node['Relation Name'];
          if (relation) {
            const rows = (node['Actual Rows'] ?? 0) * (node['Actual Loops'] ?? 1);
            read.set(relation, (read.get(relation) ?? 0) + rows);
          }
          for (const child of node.Plans ?? []) visit(child);
        };
        if (top) visit(top.Plan);
        return read;
      } finally {
        isWatching = wasWatching;
      }
    },
  };
}

export type QueryWatch = ReturnType<typeof watchQueries>;
