import { formatNaira, toNairaString } from './money.ts';

/** Every user-facing message of the earlier product, word for word, in one place. */
export const messages = {
  auth: {
    signupRequired: 'All fields are required!',
    signupSuccess: 'Signup successful!',
    signupError: (message: string) => `Error: ${message}`,
    signingUp: 'Signing up...',
    loginRequired: 'Please fill in both email and password',
    loginSuccess: 'Login successful!',
    loginError: (message: string) => `Error: ${message}`,
    loggingIn: 'Logging in...',
    invalidCredentials: 'Invalid email or password.',
    notAdmin: 'Access denied. You are not an admin.',
    adminRegistrationFailed: 'Registration failed. Please try again.',
    passwordsDoNotMatch: 'Passwords do not match!',
  },
  wallet: {
    notLoggedIn: 'User is not logged in or invalid. Please log in.',
    userNotFound: 'User details not found in the database.',
    retrieveFailed: 'An error occurred while retrieving user details. Please try again later.',
    noUsername: 'No username set',
    title: 'User Wallet',
  },
  profile: {
    notFound: 'User details not found.',
    fetchFailed: 'Failed to fetch user details.',
    notLoggedIn: 'User not logged in.',
  },
  purchase: {
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
  },
  bills: {
    meterDigitsOnly: 'Error: Meter number must contain digits only.',
    meterTypeRequired: 'Error: Choose prepaid or postpaid.',
    numberDigitsOnly: 'Error: The number must contain digits only.',
    verifyFirst: 'Please verify the customer before paying.',
    notVerified: 'We could not verify this customer. Check the number and try again.',
    cannotVend: 'This meter cannot be recharged right now. Please contact your distributor.',
    renewUnavailable: 'This card has no renewal amount. Choose a bouquet instead.',
    quantityRange: 'Error: Quantity must be between 1 and 10.',
  },
  funding: {
    userMissing: 'User information is missing. Please log in again.',
    paymentSuccessful: (reference: string) => `Payment successful! Reference: ${reference}`,
    paymentClosed: 'Payment closed!',
    /** `The amount must be more than the NGN 50 charge.` with the charge an admin set */
    manualChargeAbove: (chargeKobo: number) =>
      `The amount must be more than the NGN ${toNairaString(chargeKobo).replace(/\.00$/, '')} charge.`,
    /** a manual deposit above MANUAL_FUNDING_MAX_KOBO */
    manualAmountAtMost: (maxKobo: number) =>
      `A manual deposit can be at most ${formatNaira(maxKobo)}. For a bigger deposit, please contact support.`,
    /** a customer with MANUAL_FUNDING_OPEN_LIMIT manual deposits waiting */
    manualTooManyOpen: (limit: number) =>
      `You already have ${limit} manual deposits waiting for an admin to check them. Please wait until one is checked before you send another.`,
  },
  transactions: {
    signedOut: 'Please log in to view your transactions.',
    empty: 'No transactions found.',
  },
  referrals: {
    linkCopied: 'Referral link copied to clipboard!',
    empty: 'No referrals yet.',
    unknownCode: 'We could not find that referral code. Check it, or leave it empty.',
  },
  admin: {
    userDeleted: 'User deleted successfully',
    loading: 'Loading...',
    noUsers: 'No users found.',
  },
  changePin: {
    sent: 'A change-pin link has been sent to your email.',
    failed: 'Failed to send change-pin request. Please try again.',
    networkError: 'An error occurred. Please check your network and try again.',
  },
  common: {
    loading: 'Loading...',
    comingSoon: 'This feature is coming soon.',
    guest: 'Guest',
  },
} as const;
