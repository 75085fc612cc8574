import { afterAll, beforeAll, expect, it } from 'vitest';
import { containerCommands } from '../../../src/cli.commands.ts';
import { createTestApp, uniqueEmail, type TestApp } from '../../helpers/app.ts';
import { describeEachDatabase } from '../../helpers/database.ts';

const run = (t: TestApp, name: string, options: Record<string, string>) => {
  const command = containerCommands[name];
  if (!command) throw new Error(`no command ${name}`);
  return command.run(t.container, options) as Promise<{ user: { id: string } }>;
};

describeEachDatabase('operator commands that make accounts are audited', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  const recordsOf = (userId: string) => t.container.audit.list({ targetType: 'user', targetId: userId });

  it('user:create records the new account as the command line', async () => {
    const { user } = await run(t, 'user:create', {
      email: uniqueEmail('cli'),
      password: 'cli password',
      name: 'Cli User',
    });
    const records = await recordsOf(user.id);
    expect(records).toEqual([
      expect.objectContaining({
        actorId: null,
        actorLabel: expect.stringMatching(/^cli:/) as string,
        action: 'user.create',
        after: { role: 'user' },
      }),
    ]);
  });

  it('admin:create records a new admin, and a promotion; promoting an admin again records nothing', async () => {
    const { user: boss } = await run(t, 'admin:create', {
      email: uniqueEmail('boss'),
      password: 'boss password',
    });
    expect((await recordsOf(boss.id)).map((r) => [r.action, r.actorId, r.after])).toEqual([
      ['user.create', null, { role: 'admin' }],
    ]);

    const email = uniqueEmail('promoted');
    const { user } = await run(t, 'user:create', { email, password: 'user password', name: 'Promoted' });
    await run(t, 'admin:create', { email });
    await run(t, 'admin:create', { email });
    expect((await recordsOf(user.id)).map((r) => [r.action, r.before, r.after])).toEqual([
      ['user.promote', { role: 'user' }, { role: 'admin' }],
      ['user.create', null, { role: 'user' }],
    ]);
  });

  it('apikey:create records the key it gave (its id and name, never the key) and the partner access it turned on', async () => {
    const email = uniqueEmail('partner');
    const { user } = await run(t, 'user:create', { email, password: 'user password', name: 'Partner' });
    const issued = (await run(t, 'apikey:create', { email, name: 'Shop till' })) as unknown as {
      key: string;
      id: string;
    };
    const [record] = await recordsOf(user.id);
    expect(record).toMatchObject({
      actorId: null,
      actorLabel: expect.stringMatching(/^cli:/) as string,
      action: 'apikey.create',
      targetId: user.id,
      after: { keyId: issued.id, keyName: 'Shop till', allowedIps: null },
    });
    expect(JSON.stringify(record)).not.toContain(issued.key);
  });
});
