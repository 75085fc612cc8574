import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { getTableName, isTable } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

const modulesDir = path.dirname(fileURLToPath(import.meta.url));
const moduleNames = readdirSync(modulesDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** The SQL name of every table each module owns (its `*.tables.ts`). */
async function tablesByModule(): Promise<Map<string, string[]>> {
  const owned = new Map<string, string[]>();
  for (const name of moduleNames) {
    const files = readdirSync(path.join(modulesDir, name)).filter((file) => file.endsWith('.tables.ts'));
    const tables: string[] = [];
    for (const file of files) {
      const exported = (await import(path.join(modulesDir, name, file))) as Record<string, unknown>;
      for (const value of Object.values(exported)) if (isTable(value)) tables.push(getTableName(value));
    }
    owned.set(name, tables);
  }
  return owned;
}

/** The text inside every sql`…` template of a source file. */
const sqlTemplatesOf = (source: string) =>
  [...source.matchAll(/\bsql`([^`]*)`/g)].map((match) => match[1] ?? '');

// a bare word such as `users` only counts where SQL names a table
const mentions = (sqlText: string, table: string) =>
  table.includes('_')
    ? new RegExp(`\\b${table}\\b`).test(sqlText)
    : new RegExp(`\\b(from|join|into|update|table)\\s+"?${table}\\b`, 'i').test(sqlText);

describe('module boundaries in SQL', () => {
  it("no module's SQL names another module's tables: it asks that module", async () => {
    const owned = await tablesByModule();
    expect([...owned.values()].flat().length).toBeGreaterThan(10);
    const trespasses: string[] = [];
    for (const name of moduleNames) {
      const sources = readdirSync(path.join(modulesDir, name)).filter(
        (file) => file.endsWith('.ts') && !file.endsWith('.tables.ts') && !file.endsWith('.test.ts'),
      );
      for (const file of sources) {
        const templates = sqlTemplatesOf(readFileSync(path.join(modulesDir, name, file), 'utf8'));
        for (const [owner, tables] of owned) {
          if (owner === name) continue;
          for (const table of tables) {
            if (templates.some((text) => mentions(text, table))) {
              trespasses.push(`${name}/${file} names ${owner}'s table ${table}`);
            }
          }
        }
      }
    }
    expect(trespasses).toEqual([]);
  });

  it('sees a trespass when there is one', () => {
    expect(mentions('select count(*) from ledger_entries e where e.reference = $1', 'ledger_entries')).toBe(
      true,
    );
    expect(mentions('select * from users where id = $1', 'users')).toBe(true);
    expect(mentions('notify the users of a change', 'users')).toBe(false);
  });
});
