import { expect, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Notification, NotificationsResponse } from '@quickvend/shared/api/notifications';
import type { TestClient } from './app.ts';

type SandboxMail = { to: string; subject: string; text: string };

export async function mailsTo(app: FastifyInstance, to: string): Promise<SandboxMail[]> {
  const { messages } = (await app.inject({ url: '/sandbox/mailbox/messages' })).json<{
    messages: SandboxMail[];
  }>();
  return messages.filter((mail) => mail.to === to);
}

export async function textsTo(app: FastifyInstance, to: string): Promise<{ to: string; text: string }[]> {
  const { messages } = (await app.inject({ url: '/sandbox/sms/messages' })).json<{
    messages: { to: string; text: string }[];
  }>();
  return messages.filter((sms) => sms.to === to);
}

export const inboxOf = async (client: TestClient, query = '') => {
  const response = await client.get(`/api/v1/notifications${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<NotificationsResponse>();
};

/** Notices are recorded just after what they tell of has committed: wait for the one titled so. */
export async function noticeTitled(client: TestClient, title: string): Promise<Notification> {
  return vi.waitFor(
    async () => {
      const inbox = (await inboxOf(client, '?limit=50')).notifications;
      const notice = inbox.find((n) => n.title === title);
      if (!notice) throw new Error(`no notice "${title}" yet: ${inbox.map((n) => n.title).join(' | ')}`);
      return notice;
    },
    { timeout: 10_000, interval: 50 },
  );
}
