import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  settingKey,
  settingResponse,
  settingsResponse,
  updateSettingBody,
  type AdminSetting,
} from '@quickvend/shared/api/admin-money';
import { AmountError, parseNaira, toNairaString, type Kobo } from '@quickvend/shared/money';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { actorOf, type AuditLog } from '../audit/index.ts';
import type { Settings } from './settings.service.ts';

type Person = { id: string; name: string; email: string };

function amountFrom(input: string | number): Kobo {
  try {
    return parseNaira(input);
  } catch (error) {
    if (error instanceof AmountError) {
      throw new AppError('VALIDATION_FAILED', error.message, { fields: { amount: error.message } });
    }
    throw error;
  }
}

export function registerSettingsRoutes(
  parent: FastifyInstance,
  deps: {
    db: Database;
    settings: Settings;
    audit: AuditLog;
    findPeople: (ids: readonly string[]) => Promise<Map<string, Person>>;
  },
): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { db, settings, audit } = deps;

  const views = async (): Promise<AdminSetting[]> => {
    const all = await settings.list();
    const people = await deps.findPeople(all.flatMap((setting) => setting.updatedBy ?? []));
    return all.map((setting) => {
      const by = setting.updatedBy ? people.get(setting.updatedBy) : undefined;
      return {
        key: setting.key,
        valueKobo: setting.value,
        value: toNairaString(setting.value),
        updatedAt: setting.updatedAt?.toISOString() ?? null,
        updatedBy: by ? { id: by.id, name: by.name, email: by.email } : null,
      };
    });
  };

  app.get(
    '/api/v1/admin/settings',
    { config: { access: 'admin' }, schema: { response: { 200: settingsResponse } } },
    async () => ({ settings: await views() }),
  );

  /** Changes one amount setting (a threshold), audited with its value before and after. */
  app.put(
    '/api/v1/admin/settings/:key',
    {
      config: { access: 'admin' },
      schema: {
        params: z.object({ key: settingKey }),
        body: updateSettingBody,
        response: { 200: settingResponse },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const { key } = request.params;
      const valueKobo = amountFrom(request.body.amount);
      await db.transaction(async (tx) => {
        const before = await settings.set(key, valueKobo, actor.id, tx);
        await audit.record(
          actor,
          {
            action: 'setting.change',
            targetType: 'setting',
            targetId: key,
            before: { valueKobo: before },
            after: { valueKobo },
          },
          tx,
        );
      });
      const setting = (await views()).find((candidate) => candidate.key === key);
      if (!setting) throw new Error(`setting ${key} vanished`);
      return { setting };
    },
  );
}
