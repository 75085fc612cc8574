import { z } from 'zod';
import {
  settingChangeResponse,
  settingKey,
  settingsResponse,
  updateSettingBody,
} from '../api/admin-money.ts';
import { defineRoute } from './define.ts';

export const adminSettings = {
  list: defineRoute({
    method: 'GET',
    path: '/api/v1/admin/settings',
    access: 'admin',
    summary: 'Business settings',
    responses: { 200: settingsResponse },
    errors: [],
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/api/v1/admin/settings/:key',
    access: 'admin',
    summary: 'Change a setting (waits for a second admin)',
    params: z.object({ key: settingKey }),
    body: updateSettingBody,
    responses: { 202: settingChangeResponse },
    errors: ['CONFLICT'],
  }),
} as const;
