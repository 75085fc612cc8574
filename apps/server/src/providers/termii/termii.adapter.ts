import type { Sms, SmsSender } from '../../modules/notifications/index.ts';
import type { TermiiSendRequest, TermiiSendResponse } from './termii.types.ts';

const TIMEOUT_MS = 10_000;

export class TermiiError extends Error {
  override name = 'TermiiError';
}

export type TermiiOptions = {
  baseUrl: string;
  apiKey: string;
  senderId: string;
  channel: 'dnd' | 'generic';
  timeoutMs?: number;
};

/**
 * Text messages through Termii's Messaging API. A refusal or no answer in time throws (never with the key in
 * the message), and the job queue tries again later.
 */
export function createTermiiSender(options: TermiiOptions): SmsSender {
  const url = `${options.baseUrl.replace(/\/+$/, '')}/api/sms/send`;
  return {
    async send(sms: Sms): Promise<void> {
      const request: TermiiSendRequest = {
        api_key: options.apiKey,
        to: sms.to,
        from: options.senderId,
        sms: sms.text,
        type: 'plain',
        channel: options.channel,
      };
      let response: Response;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify(request),
          signal: AbortSignal.timeout(options.timeoutMs ?? TIMEOUT_MS),
        });
      } catch (error) {
        throw new TermiiError(
          `Termii could not be reached: ${error instanceof Error ? error.name : 'error'}`,
        );
      }
      const body = (await response.json().catch(() => null)) as TermiiSendResponse | null;
      if (!response.ok || body?.code !== 'ok') {
        const said = typeof body?.message === 'string' ? `: ${body.message.slice(0, 200)}` : '';
        throw new TermiiError(`Termii did not send the message (HTTP ${response.status})${said}`);
      }
    },
  };
}
