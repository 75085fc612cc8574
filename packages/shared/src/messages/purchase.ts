/** Buying: the forms, their checks and the outcome. */
export const purchaseMessages = {
  allFieldsRequired: 'Error: All fields are required.',
  insufficientBalance: 'Error: Insufficient wallet balance.',
  invalidPhone: 'Error: Invalid phone number.',
  invalidDataPlan: 'Error: Invalid data plan.',
  invalidAmount: 'Error: Invalid amount.',
  smartCardLength: 'Error: Smart Card number must be 10 or 11 digits.',
  invalidNigerianPhone: 'Error: Invalid Nigerian phone number.',
  invalidBouquetSelected: 'Error: Invalid bouquet selected.',
  invalidSmartCard: 'Error: Invalid smart card number.',
  invalidBouquet: 'Error: Invalid bouquet.',
  invalidPhoneFormat: 'Error: Invalid phone number format.',
  invalidPlanOrAmount: 'Error: Invalid plan or amount.',
  airtimeFailed: (message?: string) => `❌ Error: ${message || 'Transaction failed.'}`,
  failed: (message?: string) => `Error: ${message || 'Transaction failed.'}`,
  plansLoadFailed: 'Error loading plans. Please try again.',
  badNetwork: 'Bad network, check network connection.',
  success: (productName: string) => `✅ Transaction Successful! Thanks for using ${productName}.`,
  subscriptionReceipt: 'Subscription successful!',
  transactionReceipt: 'Transaction successful',
  processing: 'Processing...',
  loadingUser: 'Loading user data...',
  minimumAmount: (naira: string) => `The minimum amount is ${naira}.`,
  maximumAmount: (naira: string) => `The maximum amount is ${naira}.`,
} as const;

/** A pending purchase's message once its deadline passed without an answer: our team has taken it up. */
export const ESCALATED_MESSAGE =
  'This is taking longer than it should. Our team is checking it with the provider now. You will get it, or your money back.';

/** A pending purchase's message while the provider has not answered. */
export const CONFIRMING = 'We are confirming this purchase with the provider.';

/** A purchase refunded because the provider has no record of it. */
export const NEVER_RECEIVED = 'The provider never received this purchase. Your money is back in your wallet.';
