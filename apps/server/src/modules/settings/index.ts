export {
  createSettings,
  settingDefinitions,
  type SettingKey,
  type Settings,
  type SettingValue,
} from './settings.service.ts';
export { registerSettingsRoutes } from './settings.routes.ts';
