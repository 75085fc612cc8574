import type { FastifyInstance } from 'fastify';
import { SETTING_CHANGE, type AdminSetting, type ApprovalRequest } from '@quickvend/shared/api/admin-money';
import { kobo, koboFromNaira, toNairaString } from '@quickvend/shared/money';
import { fieldError } from '../../lib/errors.ts';
import { toApprovalViews, type Approvals, type FindPeople } from '../approvals/index.ts';
import { actorOf } from '../audit/index.ts';
import type { SettingChanges } from './setting-changes.ts';
import { settingDefinitions, type SettingKey, type Settings } from './settings.service.ts';
import { contract } from '@quickvend/shared/contract/index';
import { route } from '../../lib/http/route.ts';

const valueOf = (approval: ApprovalRequest): number => {
  const value = approval.payload['valueKobo'];
  return typeof value === 'number' ? value : 0;
};

export function registerSettingsRoutes(
  app: FastifyInstance,
  deps: {
    settings: Settings;
    settingChanges: SettingChanges;
    approvals: Approvals;
    findPeople: FindPeople;
  },
): void {
  const { settings, settingChanges, approvals, findPeople } = deps;

  /** Every setting as `viewerId` reads it: its bounds, who set it, and the change waiting for a second admin. */
  const views = async (viewerId: string): Promise<AdminSetting[]> => {
    const [all, waiting, approved] = await Promise.all([
      settings.list(),
      approvals.list({ status: 'pending', kind: SETTING_CHANGE }),
      approvals.list({ status: 'approved', kind: SETTING_CHANGE, limit: 200 }),
    ]);
    const [pending, decided] = await Promise.all([
      toApprovalViews(waiting, viewerId, findPeople, approvals.subjectOf),
      toApprovalViews(approved, viewerId, findPeople),
    ]);
    const people = await findPeople(all.flatMap((setting) => setting.updatedBy ?? []));
    return all.map((setting) => {
      const by = setting.updatedBy ? people.get(setting.updatedBy) : undefined;
      const change = pending.find((approval) => approval.targetId === setting.key);
      const last = setting.updatedAt
        ? decided.find((approval) => approval.targetId === setting.key && valueOf(approval) === setting.value)
        : undefined;
      const { minKobo, maxKobo } = settingDefinitions[setting.key];
      return {
        key: setting.key,
        valueKobo: kobo(setting.value),
        value: toNairaString(setting.value),
        minKobo: kobo(minKobo),
        maxKobo: kobo(maxKobo),
        updatedAt: setting.updatedAt?.toISOString() ?? null,
        updatedBy: by ? { id: by.id, name: by.name, email: by.email } : null,
        approvedBy: last?.decidedBy ?? null,
        pending: change
          ? { valueKobo: kobo(valueOf(change)), value: toNairaString(valueOf(change)), approval: change }
          : null,
      };
    });
  };

  route(app, contract.adminSettings.list, async (request) => ({
    settings: await views(actorOf(request).id ?? ''),
  }));

  /** Asks a second admin to change one money setting: nothing changes until another admin approves. */
  route(app, contract.adminSettings.update, async (request, reply) => {
    const actor = actorOf(request);
    const key: SettingKey = request.params.key;
    const valueKobo = koboFromNaira(request.body.amount, (message) => fieldError('amount', message));
    const row = await settingChanges.request(key, valueKobo, request.body.reason, actor);
    const [approval] = await toApprovalViews([row], actor.id ?? '', findPeople, approvals.subjectOf);
    const setting = (await views(actor.id ?? '')).find((candidate) => candidate.key === key);
    if (!approval || !setting) throw new Error(`setting ${key} vanished`);
    return reply.status(202).send({ status: 'awaiting_approval' as const, setting, approval });
  });
}
