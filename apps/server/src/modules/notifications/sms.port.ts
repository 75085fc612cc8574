import { desc } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { newId } from '../../lib/ids.ts';
import { sandboxSms } from './notifications.tables.ts';

/** A text message to a Nigerian mobile number, in international form (`2348031234567`). */
export type Sms = { to: string; text: string };

/** Port: where text messages go (an SMS provider in live use, the sandbox's list offline). Throws when not sent. */
export type SmsSender = { send: (sms: Sms) => Promise<void> };

/** Sandbox only: the text messages the product would have sent, kept for reading. */
export function createSandboxSms(db: Database) {
  return {
    async send(sms: Sms): Promise<void> {
      await db.insert(sandboxSms).values({ id: newId('sms'), to: sms.to, text: sms.text });
    },
    async list(limit = 50) {
      return db
        .select()
        .from(sandboxSms)
        .orderBy(desc(sandboxSms.createdAt), desc(sandboxSms.id))
        .limit(limit);
    },
  };
}
export type SandboxSms = ReturnType<typeof createSandboxSms>;
