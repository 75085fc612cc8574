import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type {
  Notification,
  NotificationCategory,
  NotificationPreferences,
  NotificationPreferencesResponse,
  UpdateNotificationPreferencesBody,
} from '@quickvend/shared/api/notifications';
import { noticeTexts } from '@quickvend/shared/messages/notices';
import type { Database } from '../../db/client.ts';
import { readInIndexOrder } from '../../db/index-order.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import type { JobQueue } from '../../lib/jobs.ts';
import type { MailTransport } from './notifications.service.ts';
import { notificationPreferences, notifications } from './notifications.tables.ts';
import type { SmsSender } from './sms.port.ts';

export const SEND_EMAIL_JOB = 'notifications.send-email';
export const SEND_SMS_JOB = 'notifications.send-sms';
/** NOTIFY channel: `{ userId, id }` of each new notice, for every process's open event streams. */
export const NOTICES_CHANNEL = 'qv_notices';

/** Who a notice is for, as the channels reach them. */
export type Recipient = { email: string; name: string; phone: string | null };

export type NoticeInput = {
  userId: string;
  category: NotificationCategory;
  /** stable per event (`purchase:<id>:delivered`): a replayed event makes no second notice */
  eventKey: string;
  title: string;
  body: string;
  /** a page of the web app, such as the receipt */
  link: string | null;
  /** the email when it must say more than the notice (a token, PINs); else it is made from the notice */
  email?: { subject: string; text: string };
  /** a text message of a token or PINs, sent only when the customer asked for them and has a phone on the account */
  sms?: string;
  /** a purchase's outcome as a text message, for a customer who asked for each one (it replaces `sms`) */
  outcomeSms?: string;
};

export type NoticeRow = typeof notifications.$inferSelect;

const DEFAULT_PREFERENCES: NotificationPreferences = {
  emailPurchases: true,
  emailFunding: true,
  emailReferrals: true,
  smsCredentials: false,
  smsOutcomes: false,
};

/** how far back the unread count looks (the bell shows 99+ beyond 99) */
const UNREAD_WINDOW = 1_000;

const mailJob = z.object({ to: z.string(), subject: z.string(), text: z.string() });
const smsJob = z.object({ to: z.string(), text: z.string() });

export function toNotification(row: NoticeRow): Notification {
  return {
    id: row.id,
    category: row.category,
    title: row.title,
    body: row.body,
    link: row.link,
    isRead: row.readAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** `08031234567` → `2348031234567`, the form SMS providers take. */
const internationalPhone = (phone: string) => (phone.startsWith('0') ? `234${phone.slice(1)}` : phone);

const wantsEmail = (preferences: NotificationPreferences, category: NotificationCategory): boolean => {
  switch (category) {
    case 'security':
      return true;
    case 'purchases':
      return preferences.emailPurchases;
    case 'funding':
      return preferences.emailFunding;
    case 'referrals':
      return preferences.emailReferrals;
  }
};

/** At most one text per notice: the outcome's (which carries any token or PINs) when asked for, else the credentials'. */
const textFor = (input: NoticeInput, preferences: NotificationPreferences): string | undefined => {
  if (preferences.smsOutcomes && input.outcomeSms) return input.outcomeSms;
  return preferences.smsCredentials ? input.sms : undefined;
};

export type NotifierDeps = {
  db: Database;
  jobs: Pick<JobQueue, 'send'>;
  clock: Clock;
  appUrl: string;
  findRecipient: (userId: string) => Promise<Recipient | null>;
  /** NOTIFY on `NOTICES_CHANNEL` */
  announce: (payload: string) => Promise<void>;
  /** whether any text message can be sent (a provider or the sandbox) */
  smsAvailable: boolean;
  log: Pick<FastifyBaseLogger, 'error' | 'warn'>;
};

/**
 * The customer's inbox and the channels beyond it. `notify` records a notice once per event, tells the open
 * event streams, and queues the email and text message (never sent inside the caller's request).
 */
export function createNotifier(deps: NotifierDeps) {
  const { db, clock } = deps;

  async function preferencesOf(userId: string): Promise<NotificationPreferences> {
    const [row] = await db
      .select()
      .from(notificationPreferences)
      .where(eq(notificationPreferences.userId, userId));
    return row
      ? {
          emailPurchases: row.emailPurchases,
          emailFunding: row.emailFunding,
          emailReferrals: row.emailReferrals,
          smsCredentials: row.smsCredentials,
          smsOutcomes: row.smsOutcomes,
        }
      : DEFAULT_PREFERENCES;
  }

  function defaultEmail(input: NoticeInput, recipient: Recipient) {
    const footer = input.category === 'security' ? noticeTexts.securityFooter : noticeTexts.footer;
    return {
      subject: input.title,
      text: [
        noticeTexts.greeting(recipient.name),
        '',
        input.body,
        ...(input.link ? ['', `${deps.appUrl}${input.link}`] : []),
        '',
        footer,
      ].join('\n'),
    };
  }

  /** One of the user's own notices. @throws NOT_FOUND for another customer's or an unknown one */
  async function find(userId: string, id: string): Promise<NoticeRow> {
    const [row] = await db
      .select()
      .from(notifications)
      .where(and(eq(notifications.id, id), eq(notifications.userId, userId)));
    if (!row) throw new AppError('NOT_FOUND', noticeTexts.notFound);
    return row;
  }

  async function preferences(userId: string, account: { hasPhone: boolean }) {
    return {
      preferences: await preferencesOf(userId),
      smsAvailable: deps.smsAvailable,
      hasPhone: account.hasPhone,
    } satisfies NotificationPreferencesResponse;
  }

  /** The user's other tabs and devices learn the new unread count. */
  async function tellStreams(userId: string, id?: string): Promise<void> {
    await deps.announce(JSON.stringify({ userId, id })).catch((error: unknown) => {
      deps.log.warn({ err: error }, 'open event streams were not told of a notice');
    });
  }

  /**
   * Unread among the newest UNREAD_WINDOW notices: it runs on every notice and every stream, so it reads a
   * bounded slice of the (user, time) index however many thousands of notices a customer has.
   */
  async function unreadCount(userId: string): Promise<number> {
    const [row] = await readInIndexOrder(db, (tx) => {
      const newest = tx
        .select({ readAt: notifications.readAt })
        .from(notifications)
        .where(eq(notifications.userId, userId))
        .orderBy(desc(notifications.createdAt))
        .limit(UNREAD_WINDOW)
        .as('newest');
      return tx.select({ unread: count() }).from(newest).where(isNull(newest.readAt));
    });
    return row?.unread ?? 0;
  }

  /** Newest first, off the (user, time) index: `cursor` is the last notice seen. */
  async function pageOf(userId: string, page: { cursor?: string | undefined; limit: number }) {
    const seenAt = page.cursor
      ? db
          .select({ createdAt: notifications.createdAt })
          .from(notifications)
          .where(and(eq(notifications.id, page.cursor), eq(notifications.userId, userId)))
      : undefined;
    const rows = await readInIndexOrder(db, (tx) =>
      tx
        .select()
        .from(notifications)
        .where(
          and(
            eq(notifications.userId, userId),
            // two values, not one row: a row from a subquery could not use the index
            seenAt
              ? sql`(${notifications.createdAt}, ${notifications.id}) < ((${seenAt}), ${page.cursor})`
              : undefined,
          ),
        )
        .orderBy(desc(notifications.createdAt), desc(notifications.id))
        .limit(page.limit + 1),
    );
    const shown = rows.slice(0, page.limit);
    return {
      notifications: shown.map(toNotification),
      nextCursor: rows.length > page.limit ? (shown.at(-1)?.id ?? null) : null,
    };
  }

  return {
    /**
     * Records the notice unless this event already has one, then tells and queues. Call it after the event
     * has committed, outside any transaction. @returns the new notice, or null for a replay
     */
    async notify(input: NoticeInput): Promise<NoticeRow | null> {
      const [row] = await db
        .insert(notifications)
        .values({
          id: newId('ntf'),
          userId: input.userId,
          category: input.category,
          eventKey: input.eventKey,
          title: input.title,
          body: input.body,
          link: input.link,
          createdAt: clock.now(),
        })
        .onConflictDoNothing({ target: [notifications.userId, notifications.eventKey] })
        .returning();
      if (!row) return null;
      await tellStreams(row.userId, row.id);
      const recipient = await deps.findRecipient(input.userId);
      if (!recipient) return row;
      const preferences = await preferencesOf(input.userId);
      if (wantsEmail(preferences, input.category)) {
        const mail = input.email ?? defaultEmail(input, recipient);
        await deps.jobs.send(SEND_EMAIL_JOB, { to: recipient.email, ...mail }, { dedupeKey: row.id });
      }
      const sms = textFor(input, preferences);
      if (sms && deps.smsAvailable && recipient.phone) {
        // once per notice, and a notice is made once per event: one text per outcome
        await deps.jobs.send(
          SEND_SMS_JOB,
          { to: internationalPhone(recipient.phone), text: sms },
          { dedupeKey: row.id },
        );
      }
      return row;
    },

    /** Newest first. */
    async list(userId: string, page: { cursor?: string | undefined; limit: number }) {
      return { ...(await pageOf(userId, page)), unreadCount: await unreadCount(userId) };
    },

    unreadCount,

    /** @throws NOT_FOUND for another customer's or an unknown notice */
    async markRead(userId: string, id: string) {
      await db
        .update(notifications)
        .set({ readAt: clock.now() })
        .where(and(eq(notifications.id, id), eq(notifications.userId, userId), isNull(notifications.readAt)));
      const row = await find(userId, id);
      await tellStreams(userId);
      return { notification: toNotification(row), unreadCount: await unreadCount(userId) };
    },

    async markAllRead(userId: string) {
      await db
        .update(notifications)
        .set({ readAt: clock.now() })
        .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
      await tellStreams(userId);
      return { unreadCount: 0 };
    },

    find,
    preferences,

    /** The customer's own copy of their data reads every notice this way, a page at a time. */
    exportPage: pageOf,
    exportPreferences: preferencesOf,

    async updatePreferences(
      userId: string,
      change: UpdateNotificationPreferencesBody,
      account: { hasPhone: boolean },
    ): Promise<NotificationPreferencesResponse> {
      const next = { ...(await preferencesOf(userId)), ...change };
      await db
        .insert(notificationPreferences)
        .values({ userId, ...next, updatedAt: clock.now() })
        .onConflictDoUpdate({
          target: notificationPreferences.userId,
          set: { ...next, updatedAt: clock.now() },
        });
      return preferences(userId, account);
    },

    /** Sends the queued emails and text messages; a failed send is retried by the queue. */
    async startWorkers(
      jobs: Pick<JobQueue, 'work'>,
      channels: { mail: MailTransport; sms: SmsSender | null },
    ): Promise<void> {
      await jobs.work(SEND_EMAIL_JOB, mailJob, (mail) => channels.mail.send(mail));
      const { sms } = channels;
      if (sms) await jobs.work(SEND_SMS_JOB, smsJob, (message) => sms.send(message));
    },
  };
}

export type Notifier = ReturnType<typeof createNotifier>;
