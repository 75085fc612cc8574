import { adminMessages } from './messages/earlier/admin.ts';
import { authMessages } from './messages/earlier/auth.ts';
import { billsMessages } from './messages/earlier/bills.ts';
import { changePinMessages } from './messages/earlier/change-pin.ts';
import { commonMessages } from './messages/earlier/common.ts';
import { fundingMessages } from './messages/earlier/funding.ts';
import { profileMessages } from './messages/earlier/profile.ts';
import { purchaseMessages } from './messages/earlier/purchase.ts';
import { referralsMessages } from './messages/earlier/referrals.ts';
import { transactionsMessages } from './messages/earlier/transactions.ts';
import { walletMessages } from './messages/earlier/wallet.ts';

/**
 * Every user-facing message of the earlier product, word for word, by area (`messages/earlier/`): the words
 * most pages speak, so every page loads them. The newer texts have a file per area beside them (`messages/`:
 * profile, purchase, notices), imported only where they are read.
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
