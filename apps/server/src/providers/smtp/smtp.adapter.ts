import nodemailer from 'nodemailer';
import type { Mail, MailTransport } from '../../modules/notifications/index.ts';

// nodemailer takes these from the URL over its options and then prints whole conversations to the console:
// every mail's text with its reset or invitation link, and the login
const PRINTING_OPTIONS = new Set(['logger', 'debug', 'transactionlog']);

function nameOf(pair: string): string {
  const name = pair.split('=')[0] ?? '';
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
}

/** SMTP_URL as nodemailer is given it: without the options that would print mail to the logs. */
export function quietSmtpUrl(smtpUrl: string): string {
  const queryAt = smtpUrl.indexOf('?');
  if (queryAt === -1) return smtpUrl;
  const kept = smtpUrl
    .slice(queryAt + 1)
    .split('&')
    .filter((pair) => !PRINTING_OPTIONS.has(nameOf(pair).toLowerCase()));
  return kept.length > 0 ? `${smtpUrl.slice(0, queryAt)}?${kept.join('&')}` : smtpUrl.slice(0, queryAt);
}

export function createSmtpTransport(smtpUrl: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport({ url: quietSmtpUrl(smtpUrl), logger: false, debug: false });
  return {
    async send(mail: Mail) {
      await transporter.sendMail({ from, ...mail });
    },
  };
}
