export {
  createMailer,
  createSandboxMailbox,
  type Mail,
  type Mailer,
  type MailTransport,
  type SandboxMailbox,
} from './notifications.service.ts';
export { registerSandboxMailboxRoutes } from './notifications.routes.ts';
