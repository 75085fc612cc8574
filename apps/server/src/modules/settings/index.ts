export {
  checkSettingBounds,
  createSettings,
  settingDefinitions,
  type SettingKey,
  type Settings,
  type SettingValue,
} from './settings.service.ts';
export {
  createSettingChanges,
  SETTING_CHANGE,
  settingChangeMessages,
  type SettingChanges,
} from './setting-changes.ts';
export { registerSettingsRoutes } from './settings.routes.ts';
export { registerSettingApprovals } from './settings.approvals.ts';
