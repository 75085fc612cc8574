import { adminMessages } from './messages/admin.ts';
import { authMessages } from './messages/auth.ts';
import { billsMessages } from './messages/bills.ts';
import { changePinMessages } from './messages/change-pin.ts';
import { commonMessages } from './messages/common.ts';
import { fundingMessages } from './messages/funding.ts';
import { profileMessages } from './messages/profile.ts';
import { purchaseMessages } from './messages/purchase.ts';
import { referralsMessages } from './messages/referrals.ts';
import { transactionsMessages } from './messages/transactions.ts';
import { walletMessages } from './messages/wallet.ts';

/**
 * Every user-facing message of the earlier product, word for word, by area. Each area lives in its own file
 * under `messages/`, beside the texts of the newer areas (profile, purchase progress, notices), so a page or a
 * module that needs one area can import only that file.
 */
export const messages = {
  auth: authMessages,
  wallet: walletMessages,
  profile: profileMessages,
  purchase: purchaseMessages,
  bills: billsMessages,
  funding: fundingMessages,
  transactions: transactionsMessages,
  referrals: referralsMessages,
  admin: adminMessages,
  changePin: changePinMessages,
  common: commonMessages,
} as const;
