/** Why the server refuses a purchase request before anything is held. */
export const purchaseRefusals = {
  tooMany: 'Too many purchases in a short time. Please wait a minute and try again.',
  requestIdReused: 'This requestId was already used for a different purchase.',
  providerUnreachable: 'We could not reach the provider to check this. Please try again.',
  unknownService: 'We do not sell that service.',
  /** beside the service field */
  unknownServiceField: 'Unknown service.',
} as const;

/** A pending purchase's message once its deadline passed without an answer: our team has taken it up. */
export const ESCALATED_MESSAGE =
  'This is taking longer than it should. Our team is checking it with the provider now. You will get it, or your money back.';

/** A pending purchase's message while the provider has not answered. */
export const CONFIRMING = 'We are confirming this purchase with the provider.';

/** A purchase refunded because the provider has no record of it. */
export const NEVER_RECEIVED = 'The provider never received this purchase. Your money is back in your wallet.';

/** A purchase that is not there, or not the asker's. */
export const PURCHASE_NOT_FOUND = 'We could not find that purchase.';

/** Why a waiting request about a purchase no longer applies: the purchase is gone or final. */
export const purchaseFinalReasons = {
  gone: 'The purchase no longer exists.',
  delivered: 'The purchase is already delivered.',
  refunded: 'The purchase is already refunded.',
} as const;
