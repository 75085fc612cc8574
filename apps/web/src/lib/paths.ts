/** The canonical path of every page. Aliases from the spec redirect here (app/routes/aliases.ts). */
export const paths = {
  landing: '/',
  login: '/login',
  signup: '/signup',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  confirmEmail: '/confirm-email',
  adminLogin: '/Adminlogin',
  adminRegister: '/AdminRegister',
  dashboard: '/dashboard',
  buy: '/buy',
  account: '/account',
  airtime: '/airtime',
  data: '/data',
  dataPricing: '/data-pricing',
  fundWallet: '/fund-wallet',
  wallet: '/wallet',
  dstv: '/dstv',
  gotv: '/gotv',
  startimes: '/startimes',
  showmax: '/showmax',
  electricity: '/electricity',
  examPins: '/exam-pins',
  profile: '/profile',
  transactions: '/transactions',
  transactionReceipt: '/transactions/:requestId',
  changePin: '/change-pin',
  refer: '/refer',
  notifications: '/notifications',
  beneficiaries: '/beneficiaries',
  referer: '/referer',
  admin: '/admin',
  editUser: '/edit-user/:id',
  adminUsers: '/admin/users',
  adminPurchases: '/admin/purchases',
  adminPurchase: '/admin/purchases/:id',
  adminFundings: '/admin/fundings',
  adminApprovals: '/admin/approvals',
  adminPrices: '/admin/prices',
  adminRouting: '/admin/providers',
  adminReports: '/admin/reports',
  adminDailyServiceReport: '/admin/reports/daily-service',
  adminAudit: '/admin/audit',
  adminDisputes: '/admin/not-received',
  adminSettings: '/admin/settings',
  adminReconciliation: '/admin/reconciliation',
} as const;

export type PageKey = keyof typeof paths;

export function editUserPath(id: string): string {
  return `/edit-user/${encodeURIComponent(id)}`;
}

export function adminPurchasePath(id: string): string {
  return `/admin/purchases/${encodeURIComponent(id)}`;
}

export function transactionReceiptPath(requestId: string): string {
  return `/transactions/${encodeURIComponent(requestId)}`;
}

/** The ending of a receipt's address that opens "I didn't get it" at once. */
export const NOT_RECEIVED_HASH = '#not-received';

export function notReceivedPath(requestId: string): string {
  return `${transactionReceiptPath(requestId)}${NOT_RECEIVED_HASH}`;
}

/** The ending of the profile's address that opens it at the transaction PIN, its first field focused. */
export const TRANSACTION_PIN_HASH = '#transaction-pin';

export const transactionPinPath = `${paths.profile}${TRANSACTION_PIN_HASH}`;

/** Server-rendered pages outside the single-page app: plain links, not router links. */
export const serverPages = {
  sandboxMailbox: '/sandbox/mailbox',
  sandboxSms: '/sandbox/sms',
} as const;
