import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError } from './lock.ts';

describe('acquireDataDirLock', () => {
  it('refuses a data directory held by another running process, and leaves its lock alone', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'qv-lock-'));
    // pid 1 always runs: stands in for a server that holds the database
    writeFileSync(path.join(dir, 'pglite.lock'), '1');
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    expect(() => acquireDataDirLock(dir)).toThrow(/in use by another process \(pid 1\)/);
    expect(existsSync(path.join(dir, 'pglite.lock'))).toBe(true);
  });

  it('takes over a lock left by a process that has ended, and releases it', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'qv-lock-'));
    const ended = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
    writeFileSync(path.join(dir, 'pglite.lock'), ended.stdout.toString());
    const lock = acquireDataDirLock(dir);
    expect(existsSync(path.join(dir, 'pglite.lock'))).toBe(true);
    lock.release();
    expect(existsSync(path.join(dir, 'pglite.lock'))).toBe(false);
  });
});
