export {
  createMailer,
  createSandboxMailbox,
  type Mail,
  type Mailer,
  type MailTransport,
  type SandboxMailbox,
} from './notifications.service.ts';
export {
  registerNotificationRoutes,
  registerSandboxMailboxRoutes,
  registerSandboxSmsRoutes,
} from './notifications.routes.ts';
export {
  createNotifier,
  NOTICES_CHANNEL,
  SEND_EMAIL_JOB,
  SEND_SMS_JOB,
  type NoticeInput,
  type Notifier,
  type Recipient,
} from './notifier.service.ts';
export { startNoticeFeed } from './notice-feed.ts';
export { createSandboxSms, type SandboxSms, type Sms, type SmsSender } from './sms.port.ts';
export {
  accountNotice,
  type AccountEvent,
  disputeClosedNotice,
  fundingNotice,
  manualDepositNotice,
  providerLossRecoveredNotice,
  purchaseNotice,
  referralNotice,
  securityNotice,
  walletAdjustmentNotice,
  type FundingCredit,
  type ManualDecision,
  type ReferralReward,
  type SecurityEvent,
  type WalletAdjustmentMade,
} from './notices.ts';
export {
  registerNotificationSubscribers,
  type NoticeSubscriberDeps,
  type PurchaseFacts,
} from './subscribers.ts';
