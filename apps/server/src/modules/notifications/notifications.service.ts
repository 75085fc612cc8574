import { desc } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { newId } from '../../lib/ids.ts';
import { sandboxMails } from './notifications.tables.ts';

export type Mail = { to: string; subject: string; text: string; html?: string };

/** Port: where outgoing mail goes (an SMTP server in live use, the sandbox mailbox offline). */
export type MailTransport = { send: (mail: Mail) => Promise<void> };

export function createSandboxMailbox(db: Database) {
  return {
    async send(mail: Mail): Promise<void> {
      await db.insert(sandboxMails).values({ id: newId('mail'), ...mail });
    },
    async list(limit = 50) {
      return db
        .select()
        .from(sandboxMails)
        .orderBy(desc(sandboxMails.createdAt), desc(sandboxMails.id))
        .limit(limit);
    },
  };
}
export type SandboxMailbox = ReturnType<typeof createSandboxMailbox>;

export type Mailer = { send: (mail: Mail) => Promise<void> };

/** Sends without making the caller wait for the mail server, and never throws at it: failures are logged. */
export function createMailer(transport: MailTransport, log: FastifyBaseLogger): Mailer {
  return {
    send(mail) {
      // `.invalid` is never delivered (RFC 2606): the address of a partner's test account, say
      if (/\.invalid$/i.test(mail.to)) return Promise.resolve();
      const delivery = transport.send(mail).catch((error: unknown) => {
        log.error({ err: error, subject: mail.subject }, 'mail delivery failed');
      });
      return delivery;
    },
  };
}
