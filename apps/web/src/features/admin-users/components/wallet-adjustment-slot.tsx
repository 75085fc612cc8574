import type { AdminUserProfile } from '@quickvend/shared/api/admin-users';
import { WalletAdjustmentForm } from './wallet-adjustment-form.tsx';
import { displayName } from './user-labels.ts';

/**
 * "Credit or debit wallet" on the user's page (maker–checker past the admin's limits); not for a deleted account,
 * nor on the admin's own.
 */
export function WalletAdjustmentSlot({ user, isSelf }: { user: AdminUserProfile; isSelf: boolean }) {
  if (user.status === 'deleted') return null;
  if (isSelf)
    return (
      <p className="border-t border-gray-200 pt-4 text-sm text-gray-700">
        This is your own wallet: another admin must credit or debit it.
      </p>
    );
  return (
    <WalletAdjustmentForm userId={user.id} name={displayName(user.name)} balanceKobo={user.balanceKobo} />
  );
}
