import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { commandList } from './cli.commands.ts';

/** The first cell of each row of README.md's "Operator command line" table, without its backticks. */
function documentedCommands(readme: string): string[] {
  const section = readme.split(/^## /m).find((part) => part.startsWith('Operator command line\n'));
  if (!section) throw new Error('README.md has no "## Operator command line" section');
  return section
    .split('\n')
    .map((line) => /^\|\s*`([^`]+)`\s*\|/.exec(line)?.[1])
    .filter((cell) => cell !== undefined);
}

describe("README's operator command table", () => {
  const documented = documentedCommands(readFileSync(new URL('../../../README.md', import.meta.url), 'utf8'));
  const nameOf = (synopsis: string) => synopsis.split(' ')[0] ?? synopsis;

  it('lists exactly the commands the command line knows', () => {
    expect(documented.map(nameOf).sort()).toEqual(commandList.map((command) => command.name).sort());
  });

  it("shows each command's options as --help prints them", () => {
    const synopses = new Map(commandList.map((command) => [command.name, command.synopsis]));
    for (const synopsis of documented) expect(synopsis).toBe(synopses.get(nameOf(synopsis)));
  });
});
