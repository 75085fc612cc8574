import type { Approvals } from '../approvals/index.ts';
import { SETTING_CHANGE, type SettingChanges } from './setting-changes.ts';

/** The settings module's kind: a money setting changed with a second admin. */
export function registerSettingApprovals(
  approvals: Pick<Approvals, 'register'>,
  settingChanges: Pick<SettingChanges, 'carryOut' | 'subjectOf'>,
): void {
  approvals.register(SETTING_CHANGE, {
    carryOut: settingChanges.carryOut,
    subjectOf: settingChanges.subjectOf,
  });
}
