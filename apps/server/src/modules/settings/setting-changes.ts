import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { SETTING_CHANGE } from '@quickvend/shared/api/admin-money';
import { formatNaira } from '@quickvend/shared/money';
import type { ApprovalHandler, ApprovalRow, Approvals } from '../approvals/index.ts';
import type { Actor, AuditLog } from '../audit/index.ts';
import { checkSettingBounds, settingKeys, type SettingKey, type Settings } from './settings.service.ts';

const changePayload = z.object({
  key: z.enum(settingKeys as [SettingKey, ...SettingKey[]]),
  valueKobo: z.number().int(),
  beforeKobo: z.number().int(),
});

export { SETTING_CHANGE };

export const settingChangeMessages = {
  waiting:
    'A change to this setting is already waiting for a second admin: approve, reject or withdraw it first.',
} as const;

/**
 * Money settings under four eyes: one admin asks for a change (within the setting's bounds), a second admin's
 * approval makes it, audited with the value before and after.
 */
export function createSettingChanges(deps: {
  settings: Settings;
  approvals: Approvals;
  audit: AuditLog;
  log: FastifyBaseLogger;
}) {
  const { settings, approvals, audit, log } = deps;

  return {
    /**
     * Asks a second admin to set `key` to `valueKobo`; nothing changes until one approves.
     * @throws VALIDATION_FAILED outside the setting's bounds; CONFLICT while a change to it already waits
     */
    async request(key: SettingKey, valueKobo: number, reason: string, maker: Actor): Promise<ApprovalRow> {
      checkSettingBounds(key, valueKobo);
      const beforeKobo = await settings.get(key);
      return approvals.request(
        {
          kind: SETTING_CHANGE,
          targetId: key,
          payload: { key, valueKobo, beforeKobo },
          reason,
          onePending: true,
          refuseWhileWaiting: settingChangeMessages.waiting,
        },
        maker,
      );
    },

    /** The approved change, made in the approval's transaction. */
    carryOut: (async (approval, { tx, approver, afterCommit }) => {
      const { key, valueKobo } = changePayload.parse(approval.payload);
      checkSettingBounds(key, valueKobo);
      const beforeKobo = await settings.set(key, valueKobo, approval.requestedBy, tx);
      await audit.record(
        approver,
        {
          action: 'setting.change',
          targetType: 'setting',
          targetId: key,
          before: { valueKobo: beforeKobo, value: formatNaira(beforeKobo) },
          after: {
            valueKobo,
            value: formatNaira(valueKobo),
            askedBy: approval.requestedBy,
            approvalId: approval.id,
          },
          reason: approval.reason,
        },
        tx,
      );
      afterCommit(() => {
        log.warn(
          {
            key,
            beforeKobo,
            afterKobo: valueKobo,
            before: formatNaira(beforeKobo),
            after: formatNaira(valueKobo),
            askedBy: approval.requestedBy,
            approvedBy: approver.id ?? approver.label,
            approvalId: approval.id,
          },
          'money setting changed',
        );
      });
      return { key, beforeKobo, valueKobo };
    }) satisfies ApprovalHandler,

    subjectOf: () => ({ label: 'Money settings', href: '/admin/settings' }),
  };
}

export type SettingChanges = ReturnType<typeof createSettingChanges>;
