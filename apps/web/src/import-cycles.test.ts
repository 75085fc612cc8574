import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { findCycles } from '@quickvend/shared/testing/find-cycles';

const webSrc = path.dirname(fileURLToPath(import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/**
 * Static imports inside src, relative or through `@/` (type-only ones too: a cycle of types is a tangle all
 * the same). A lazy `import()` is left out: it runs after both modules have loaded.
 */
function importsOf(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  return [...source.matchAll(/^(?:import|export)\s(?:[^'";]*?from\s+)?'([^']+)'/gm)].flatMap(
    ([, spec = '']) => {
      if (spec.startsWith('.')) return [path.resolve(path.dirname(file), spec)];
      if (spec.startsWith('@/')) return [path.join(webSrc, spec.slice(2))];
      return [];
    },
  );
}

describe('imports', () => {
  it('form no cycle in the web app', () => {
    const files = sourceFiles(webSrc);
    const graph = new Map(files.map((file) => [file, importsOf(file)]));
    expect(graph.size).toBeGreaterThan(200);
    // every import names its file with its extension, so an edge that leads nowhere is a misread import
    const missing = [...graph.values()].flat().filter((target) => !existsSync(target));
    expect(missing).toEqual([]);
    const cycles = findCycles(graph).map((cycle) =>
      cycle.map((file) => path.relative(webSrc, file)).join(' → '),
    );
    expect(cycles).toEqual([]);
  });
});
