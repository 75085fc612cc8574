/** "Download my data" per account in any hour: every honest need, too few to load the server with. */
export const DATA_EXPORTS_PER_HOUR = 3;

/** What the profile screens and their server say, in the product's plain words. */
export const profileTexts = {
  nameRequired: 'Enter your name.',
  nameTooLong: 'Name is too long.',
  /** in the words of the form's day, month and year boxes */
  birthdayInvalid: 'Choose a day, a month and a year that make a real date in the past, like 14 May 1990.',
  emailSame: 'That is already your email address.',
  emailLinkSent: (email: string) =>
    `We sent a link to ${email}. Open it within one hour to confirm your new email. Until then, your email stays the same.`,
  emailChanged: (email: string) => `Your email is now ${email}.`,
  emailLinkInvalid: 'This link is invalid or has expired. Ask for a new one from your profile.',
  /** why partner access, an API key or a bank deposit waits: the address has not opened its link yet */
  emailNotConfirmed: (email: string) =>
    `Please confirm your email address first: open the link we mailed to ${email}, or ask for a new one from your profile.`,
  emailConfirmNeeded: (email: string) =>
    `Please confirm your email address, ${email}. Bank deposits and partner access wait for it; buying and card payments do not. Open the link we mailed to it, or get a new link.`,
  emailConfirmLinkSent: (email: string) =>
    `We sent a new link to ${email}. Open it within a day to confirm your email.`,
  emailConfirmed: 'Your email is confirmed.',
  emailAlreadyConfirmed: 'Your email is already confirmed.',
  wrongPassword: 'That password is not right. Enter the password you sign in with.',
  passwordChanged: 'Your password is changed. Every other device has been signed out.',
  sessionNotFound: 'We could not find that signed-in device.',
  exportLimited: (minutes: number) =>
    `You can download your data ${DATA_EXPORTS_PER_HOUR} times an hour. Please try again in ${minutes === 1 ? '1 minute' : `${minutes} minutes`}.`,
  partnerAccessNeeded: 'Turn on partner access in your profile (Developers) before creating an API key.',
  partnerAccessKeysActive: (count: number) =>
    `Revoke your ${count === 1 ? 'active API key' : `${count} active API keys`} first. Turning partner access off never stops a key your systems use without you choosing to.`,
  closeBalance: (naira: string) =>
    `Your wallet still holds ${naira}. Spend it first: an account closes only with an empty wallet (₦0.00).`,
  accountClosed: 'Your account is closed.',
  /** why the account cannot close yet: something could still move money into or out of the wallet */
  closeWhile: {
    purchase:
      'A purchase of yours is still being confirmed. Wait until it is delivered or refunded, then close your account.',
    payment:
      'A card payment or bank transfer of yours is still being confirmed. Wait until it shows in your wallet (or an hour, if you did not pay), then close your account.',
    deposit:
      'A deposit request of yours is waiting for approval. Wait until it is approved or rejected, then close your account.',
    approval:
      "A change to your wallet is waiting for an admin's decision. Wait until it is decided, then close your account.",
  },
} as const;
