import { z } from 'zod';
import {
  notificationPreferencesResponse,
  notificationsQuery,
  notificationsResponse,
  readAllNotificationsResponse,
  readNotificationResponse,
  updateNotificationPreferencesBody,
} from '../api/notifications.ts';
import { defineRoute } from './define.ts';

export const notifications = {
  list: defineRoute({
    method: 'GET',
    path: '/api/v1/notifications',
    access: 'user',
    summary: 'Notices, newest first',
    query: notificationsQuery,
    responses: { 200: notificationsResponse },
    errors: [],
  }),
  readAll: defineRoute({
    method: 'POST',
    path: '/api/v1/notifications/read-all',
    access: 'user',
    summary: 'Mark every notice read',
    responses: { 200: readAllNotificationsResponse },
    errors: [],
  }),
  read: defineRoute({
    method: 'POST',
    path: '/api/v1/notifications/:id/read',
    access: 'user',
    summary: 'Mark a notice read',
    params: z.object({ id: z.string().min(1).max(100) }),
    responses: { 200: readNotificationResponse },
    errors: ['NOT_FOUND'],
  }),
  preferences: defineRoute({
    method: 'GET',
    path: '/api/v1/notifications/preferences',
    access: 'user',
    summary: 'What the user is told about, and how',
    responses: { 200: notificationPreferencesResponse },
    errors: [],
  }),
  updatePreferences: defineRoute({
    method: 'PUT',
    path: '/api/v1/notifications/preferences',
    access: 'user',
    summary: 'Change what the user is told about',
    body: updateNotificationPreferencesBody,
    responses: { 200: notificationPreferencesResponse },
    errors: [],
  }),
} as const;
