import nodemailer from 'nodemailer';
import type { Mail, MailTransport } from '../../modules/notifications/index.ts';

export function createSmtpTransport(smtpUrl: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    async send(mail: Mail) {
      await transporter.sendMail({ from, ...mail });
    },
  };
}
