import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findCycles } from '@quickvend/shared/testing/find-cycles';
import { describe, expect, it } from 'vitest';

const serverSrc = path.dirname(fileURLToPath(import.meta.url));
const sharedSrc = path.resolve(serverSrc, '../../../packages/shared/src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** Relative and `@quickvend/shared/*` imports (type-only ones too: a cycle of types is a tangle all the same). */
function importsOf(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  return [...source.matchAll(/^(?:import|export)\s[^'";]*?from\s+'([^']+)'/gm)].flatMap(([, spec = '']) => {
    if (spec.startsWith('.')) return [path.resolve(path.dirname(file), spec)];
    if (spec.startsWith('@quickvend/shared/')) return [path.join(sharedSrc, `${spec.slice(18)}.ts`)];
    return [];
  });
}

describe('imports', () => {
  it('form no cycle in the server or the shared package', () => {
    const files = [...sourceFiles(serverSrc), ...sourceFiles(sharedSrc)];
    const graph = new Map(files.map((file) => [file, importsOf(file)]));
    expect(graph.size).toBeGreaterThan(100);
    const cycles = findCycles(graph).map((cycle) =>
      cycle.map((file) => path.relative(path.resolve(serverSrc, '../../..'), file)).join(' → '),
    );
    expect(cycles).toEqual([]);
  });
});
