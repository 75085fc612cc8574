import { PIN_LOCK_MINUTES, PRODUCT_NAME } from '../services.ts';

/** What the server says about the transaction PIN: its checks, the lock, and the mailed link to change it. */
export const pinTexts = {
  notFourDigits: 'Your PIN must be exactly 4 digits.',
  tooEasy: 'That PIN is too easy to guess. Choose 4 digits that are not a pattern.',
  notSet: 'Create your transaction PIN first.',
  locked: `Too many wrong PINs. Purchases are locked for ${PIN_LOCK_MINUTES} minutes.`,
  wrong: (attemptsLeft: number) => `Wrong PIN. ${attemptsLeft} ${attemptsLeft === 1 ? 'try' : 'tries'} left.`,
  linkInvalid: 'This link is invalid or has expired. Please ask for a new one.',
  /** the mail with the link that changes a forgotten PIN, open for `minutes` */
  changeMail: (link: string, minutes: number) => ({
    subject: `Change your ${PRODUCT_NAME} transaction PIN`,
    text:
      `Someone asked to change the transaction PIN of your ${PRODUCT_NAME} account. ` +
      `To choose a new PIN, open this link within ${minutes} minutes and confirm with your password:\n\n` +
      `${link}\n\nIf you did not ask for this, ignore this email: your PIN stays the same.`,
  }),
} as const;
