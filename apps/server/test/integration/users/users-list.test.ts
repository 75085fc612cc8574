import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AdminUser, AdminUsersResponse } from '@quickvend/shared/api/admin-users';
import { kobo } from '@quickvend/shared/money';
import { createTestApp, errorOf, signUp, type TestApp, type TestClient } from '../../helpers/app.ts';
import { describeEachDatabase } from '../../helpers/database.ts';

describeEachDatabase('the admin users list', (kind) => {
  let t: TestApp;
  let admin: TestClient;
  let adminId: string;
  /** name → id, in the order they signed up */
  const people = new Map<string, string>();

  const list = async (query: string): Promise<AdminUsersResponse> => {
    const response = await admin.get(`/api/v1/admin/users?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<AdminUsersResponse>();
  };
  const names = (users: AdminUser[]) => users.map((user) => user.name);

  beforeAll(async () => {
    t = await createTestApp(kind);
    const signedUp = await signUp(t.app, { name: 'Listing Admin' });
    adminId = signedUp.userId;
    await t.container.auth.setRole(adminId, 'admin');
    admin = signedUp.client;
    const balances: Record<string, number> = {
      'Kola Zumba': 5_000,
      'Ngozi Zumba': 250,
      'Tobi Zumba': 0,
      'Femi Zumba': 12_000,
      'Sade Zumba': 70,
    };
    for (const [name, naira] of Object.entries(balances)) {
      const { userId } = await signUp(t.app, {
        name,
        email: `${name.split(' ')[0]?.toLowerCase()}.zumba@example.com`,
      });
      people.set(name, userId);
      if (naira > 0) {
        await t.container.ledger.adjustWallet({
          userId,
          direction: 'credit',
          amountKobo: kobo(naira * 100),
          reason: 'list test funds',
          actor: 'test',
        });
      }
    }
    const idOf = (name: string) => people.get(name) ?? '';
    const edit = await admin.post(`/api/v1/admin/users/${idOf('Ngozi Zumba')}`, {
      name: 'Ngozi Zumba',
      email: 'ngozi.zumba@example.com',
      phone: '0803 123 4567',
    });
    expect(edit.statusCode, edit.body).toBe(200);
    await t.container.auth.setRole(idOf('Femi Zumba'), 'admin');
    expect(
      (await admin.post(`/api/v1/admin/users/${idOf('Sade Zumba')}/suspend`, { reason: 'Chargeback fraud' }))
        .statusCode,
    ).toBe(200);
    // a wallet that held money and was settled to zero may be closed
    for (const direction of ['credit', 'debit'] as const) {
      await t.container.ledger.adjustWallet({
        userId: idOf('Tobi Zumba'),
        direction,
        amountKobo: kobo(100),
        reason: 'settled before closing',
        actor: 'test',
      });
    }
    const deleted = await admin.post(`/api/v1/admin/users/${idOf('Tobi Zumba')}/delete`, {
      reason: 'Asked to close the account',
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
  });
  afterAll(async () => {
    await t.close();
  });

  it('shows the spec columns for each user, newest first, and leaves deleted accounts out', async () => {
    const page = await list('q=zumba');
    expect(names(page.users)).toEqual(['Sade Zumba', 'Femi Zumba', 'Ngozi Zumba', 'Kola Zumba']);
    expect(page).toMatchObject({ page: 1, pageSize: 25, total: 4 });
    expect(page.users[0]).toEqual({
      id: people.get('Sade Zumba'),
      name: 'Sade Zumba',
      email: 'sade.zumba@example.com',
      phone: null,
      role: 'user',
      status: 'suspended',
      balanceKobo: 7_000,
      balance: '70.00',
      createdAt: expect.any(String) as string,
    });
  });

  it('finds a user by part of the name or email in any case, by phone as people type it, and by id', async () => {
    expect(names((await list('q=NGOZI')).users)).toEqual(['Ngozi Zumba']);
    expect(names((await list('q=kola.zum')).users)).toEqual(['Kola Zumba']);
    for (const phone of ['08031234567', '0803 123 4567', '+2348031234567', '1234567']) {
      expect(names((await list(`q=${encodeURIComponent(phone)}`)).users), phone).toEqual(['Ngozi Zumba']);
    }
    expect(names((await list(`q=${people.get('Femi Zumba') ?? ''}`)).users)).toEqual(['Femi Zumba']);
    expect((await list('q=nobody-by-this-name')).users).toEqual([]);
    // LIKE's wildcards typed into the box match only themselves
    expect((await list(`q=${encodeURIComponent('%')}`)).total).toBe(0);
    expect((await list(`q=${encodeURIComponent('_')}`)).total).toBe(0);
  });

  it('filters by role and by status', async () => {
    expect(names((await list('q=zumba&role=admin')).users)).toEqual(['Femi Zumba']);
    expect(names((await list('q=zumba&role=user')).users)).toEqual([
      'Sade Zumba',
      'Ngozi Zumba',
      'Kola Zumba',
    ]);
    expect(names((await list('q=zumba&status=active')).users)).toEqual([
      'Femi Zumba',
      'Ngozi Zumba',
      'Kola Zumba',
    ]);
    expect(names((await list('q=zumba&status=suspended')).users)).toEqual(['Sade Zumba']);
    const deleted = await list('status=deleted');
    expect(deleted.users.map((user) => [user.id, user.name, user.status])).toEqual([
      [people.get('Tobi Zumba'), 'Deleted user', 'deleted'],
    ]);
    expect((await list('role=admin')).users.map((user) => user.id).sort()).toEqual(
      [adminId, people.get('Femi Zumba')].sort(),
    );
  });

  it('sorts by wallet balance and by sign-up date, either way', async () => {
    expect(names((await list('q=zumba&sort=balance&order=desc')).users)).toEqual([
      'Femi Zumba',
      'Kola Zumba',
      'Ngozi Zumba',
      'Sade Zumba',
    ]);
    expect(names((await list('q=zumba&sort=balance&order=asc')).users)).toEqual([
      'Sade Zumba',
      'Ngozi Zumba',
      'Kola Zumba',
      'Femi Zumba',
    ]);
    expect(names((await list('q=zumba&sort=createdAt&order=asc')).users)).toEqual([
      'Kola Zumba',
      'Ngozi Zumba',
      'Femi Zumba',
      'Sade Zumba',
    ]);
  });

  it('pages through the results with the total', async () => {
    const pages = await Promise.all(
      [1, 2, 3].map((page) => list(`q=zumba&sort=balance&order=desc&pageSize=3&page=${page}`)),
    );
    expect(pages.map((page) => names(page.users))).toEqual([
      ['Femi Zumba', 'Kola Zumba', 'Ngozi Zumba'],
      ['Sade Zumba'],
      [],
    ]);
    expect(pages.map((page) => [page.page, page.pageSize, page.total])).toEqual([
      [1, 3, 4],
      [2, 3, 4],
      [3, 3, 4],
    ]);
  });

  it('refuses a query it does not understand, naming the field', async () => {
    for (const query of ['role=boss', 'status=gone', 'pageSize=1000', 'page=0', 'sort=name', 'order=up']) {
      const response = await admin.get(`/api/v1/admin/users?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(errorOf(response).code).toBe('VALIDATION_FAILED');
    }
  });
});
