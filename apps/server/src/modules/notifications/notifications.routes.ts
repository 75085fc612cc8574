import type { FastifyInstance } from 'fastify';
import { signedInUser } from '../auth/index.ts';
import type { SandboxMailbox } from './notifications.service.ts';
import type { Notifier } from './notifier.service.ts';
import type { SandboxSms } from './sms.port.ts';
import { contract } from '@quickvend/shared/contract/index';
import { route } from '../../lib/http/route.ts';

/** The customer's inbox and what else they want to hear by. */
export function registerNotificationRoutes(
  app: FastifyInstance,
  deps: { notifier: Notifier; hasPhone: (userId: string) => Promise<boolean> },
): void {
  const { notifier } = deps;
  const account = async (userId: string) => ({ hasPhone: await deps.hasPhone(userId) });

  route(app, contract.notifications.list, (request) =>
    notifier.list(signedInUser(request).id, request.query),
  );

  route(app, contract.notifications.readAll, (request) => notifier.markAllRead(signedInUser(request).id));

  route(app, contract.notifications.read, (request) =>
    notifier.markRead(signedInUser(request).id, request.params.id),
  );

  route(app, contract.notifications.preferences, async (request) => {
    const userId = signedInUser(request).id;
    return notifier.preferences(userId, await account(userId));
  });

  route(app, contract.notifications.updatePreferences, async (request) => {
    const userId = signedInUser(request).id;
    return notifier.updatePreferences(userId, request.body, await account(userId));
  });
}

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
const linkify = (s: string) =>
  escapeHtml(s).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);

const SANDBOX_CSS = `body{font-family:system-ui,sans-serif;margin:0;background:#f4f6f5;color:#1a1a1a}
header{background:#0b5d3b;color:#fff;padding:12px 16px}header a{color:#fff}
main{padding:12px;max-width:720px;margin:auto}article{background:#fff;border-radius:8px;padding:12px 16px;margin:12px 0}
h2{font-size:1.05rem;margin:0 0 4px}.meta{color:#555;font-size:.85rem;margin:0 0 8px}
pre{white-space:pre-wrap;word-break:break-word;font-family:inherit}a{color:#0b5d3b}`;

/** Sandbox only: the mail the product would have sent, readable offline. */
export function registerSandboxMailboxRoutes(app: FastifyInstance, mailbox: SandboxMailbox): void {
  app.get('/sandbox/mailbox/messages', async () => {
    const mails = await mailbox.list();
    return {
      messages: mails.map((m) => ({
        id: m.id,
        to: m.to,
        subject: m.subject,
        text: m.text,
        createdAt: m.createdAt.toISOString(),
      })),
    };
  });

  app.get('/sandbox/mailbox', async (_request, reply) => {
    const mails = await mailbox.list();
    const items = mails
      .map(
        (m) => `<article><h2>${escapeHtml(m.subject)}</h2>
<p class="meta">To ${escapeHtml(m.to)} · ${m.createdAt.toISOString()}</p>
<pre>${linkify(m.text)}</pre></article>`,
      )
      .join('\n');
    const body =
      items || '<p>No mail yet. Mail the product sends (password resets, PIN links) appears here.</p>';
    return reply.type('text/html; charset=utf-8').send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sandbox mailbox</title><link rel="stylesheet" href="/sandbox/mailbox.css"></head>
<body><header><strong>Sandbox mailbox</strong> · no mail leaves this machine · <a href="/">Back to the app</a></header>
<main>${body}</main></body></html>`);
  });

  app.get('/sandbox/mailbox.css', async (_request, reply) => reply.type('text/css').send(SANDBOX_CSS));
}

/** Sandbox only: the text messages the product would have sent, readable offline. */
export function registerSandboxSmsRoutes(app: FastifyInstance, outbox: SandboxSms): void {
  app.get('/sandbox/sms/messages', async () => {
    const messages = await outbox.list();
    return {
      messages: messages.map((m) => ({
        id: m.id,
        to: m.to,
        text: m.text,
        createdAt: m.createdAt.toISOString(),
      })),
    };
  });

  app.get('/sandbox/sms', async (_request, reply) => {
    const messages = await outbox.list();
    const items = messages
      .map(
        (m) => `<article><p class="meta">To +${escapeHtml(m.to)} · ${m.createdAt.toISOString()}</p>
<pre>${escapeHtml(m.text)}</pre></article>`,
      )
      .join('\n');
    const body =
      items ||
      '<p>No text messages yet. Electricity tokens and exam PINs appear here when a customer has turned on text messages.</p>';
    return reply.type('text/html; charset=utf-8').send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sandbox text messages</title><link rel="stylesheet" href="/sandbox/sms.css"></head>
<body><header><strong>Sandbox text messages</strong> · no message leaves this machine · <a href="/">Back to the app</a></header>
<main>${body}</main></body></html>`);
  });

  app.get('/sandbox/sms.css', async (_request, reply) => reply.type('text/css').send(SANDBOX_CSS));
}
