import type { AdminUserProfile } from '@quickvend/shared/api/admin-users';
import { WalletAdjustmentForm } from '../money/wallet-adjustment-form.tsx';
import { displayName } from './user-labels.ts';

/** "Credit or debit wallet" on the user's page (maker–checker above the approval limit); not for a deleted account. */
export function WalletAdjustmentSlot({ user }: { user: AdminUserProfile }) {
  if (user.status === 'deleted') return null;
  return (
    <WalletAdjustmentForm userId={user.id} name={displayName(user.name)} balanceKobo={user.balanceKobo} />
  );
}
