import { z } from 'zod';

export const notificationCategory = z.enum(['purchases', 'funding', 'referrals', 'security']);
export type NotificationCategory = z.infer<typeof notificationCategory>;

/** One notice in the customer's inbox. */
export const notification = z.object({
  id: z.string(),
  category: notificationCategory,
  title: z.string(),
  body: z.string(),
  /** the page in the app the notice leads to (a receipt, the wallet), or null */
  link: z.string().nullable(),
  isRead: z.boolean(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof notification>;

export const NOTIFICATIONS_PAGE_SIZE = 20;

export const notificationsQuery = z.object({
  /** the id of the last notice of the page before */
  cursor: z.string().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(NOTIFICATIONS_PAGE_SIZE),
});

/** Newest first. */
export const notificationsResponse = z.object({
  notifications: z.array(notification),
  nextCursor: z.string().nullable(),
  unreadCount: z.number().int(),
});
export type NotificationsResponse = z.infer<typeof notificationsResponse>;

export const readNotificationResponse = z.object({ notification, unreadCount: z.number().int() });
export type ReadNotificationResponse = z.infer<typeof readNotificationResponse>;

export const readAllNotificationsResponse = z.object({ unreadCount: z.number().int() });
export type ReadAllNotificationsResponse = z.infer<typeof readAllNotificationsResponse>;

/** Which notices also go by email and text message. Security notices are always emailed. */
export const notificationPreferences = z.object({
  emailPurchases: z.boolean(),
  emailFunding: z.boolean(),
  emailReferrals: z.boolean(),
  /** electricity tokens and exam PINs by text message to the phone on the account */
  smsCredentials: z.boolean(),
  /** each web purchase's outcome (delivered, failed and refunded, taking longer) by text message; off by default */
  smsOutcomes: z.boolean(),
});
export type NotificationPreferences = z.infer<typeof notificationPreferences>;

export const notificationPreferencesResponse = z.object({
  preferences: notificationPreferences,
  /** false when this service sends no text messages at all */
  smsAvailable: z.boolean(),
  /** whether the account has a phone number to text */
  hasPhone: z.boolean(),
});
export type NotificationPreferencesResponse = z.infer<typeof notificationPreferencesResponse>;

export const updateNotificationPreferencesBody = notificationPreferences.partial();
export type UpdateNotificationPreferencesBody = z.infer<typeof updateNotificationPreferencesBody>;

/** The live event stream's `notifications` event: sent when the stream opens and with every new notice. */
export type NotificationsEvent = { unreadCount: number; notification?: Notification };
