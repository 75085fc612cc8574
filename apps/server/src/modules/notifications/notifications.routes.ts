import type { FastifyInstance } from 'fastify';
import type { SandboxMailbox } from './notifications.service.ts';

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
const linkify = (s: string) =>
  escapeHtml(s).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);

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

  app.get('/sandbox/mailbox.css', async (_request, reply) =>
    reply.type('text/css')
      .send(`body{font-family:system-ui,sans-serif;margin:0;background:#f4f6f5;color:#1a1a1a}
header{background:#0b5d3b;color:#fff;padding:12px 16px}header a{color:#fff}
main{padding:12px;max-width:720px;margin:auto}article{background:#fff;border-radius:8px;padding:12px 16px;margin:12px 0}
h2{font-size:1.05rem;margin:0 0 4px}.meta{color:#555;font-size:.85rem;margin:0 0 8px}
pre{white-space:pre-wrap;word-break:break-word;font-family:inherit}a{color:#0b5d3b}`),
  );
}
