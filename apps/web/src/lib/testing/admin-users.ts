import type {
  AdminInvitation,
  AdminUser,
  AdminUserDetailResponse,
  AdminUserProfile,
} from '@quickvend/shared/api/admin-users';
import { toNairaString } from '@quickvend/shared/money';
import type { Wire } from './wire.ts';

/** A row of the admin users list. */
export function anAdminUser(overrides: Partial<Wire<AdminUser>> = {}): Wire<AdminUser> {
  const balanceKobo = overrides.balanceKobo ?? 250_000;
  return {
    id: 'usr_01JQ0000000000000000ABCDEF',
    name: 'Bola Ade',
    email: 'bola@example.com',
    phone: null,
    role: 'user',
    status: 'active',
    balance: toNairaString(balanceKobo),
    createdAt: '2025-03-01T09:00:00.000Z',
    ...overrides,
    balanceKobo,
  };
}

export function anAdminUserProfile(overrides: Partial<Wire<AdminUserProfile>> = {}): Wire<AdminUserProfile> {
  return {
    ...anAdminUser(overrides),
    suspendedAt: null,
    suspensionReason: null,
    deletedAt: null,
    updatedAt: '2025-03-01T09:00:00.000Z',
    ...overrides,
  };
}

/** The user's page, with nothing in it beyond the profile and wallet unless given. */
export function anAdminUserDetail(
  user: Partial<Wire<AdminUserProfile>> = {},
  overrides: Partial<Omit<Wire<AdminUserDetailResponse>, 'user'>> = {},
): Wire<AdminUserDetailResponse> {
  const profile = anAdminUserProfile(user);
  return {
    user: profile,
    wallet: {
      balanceKobo: profile.balanceKobo,
      balance: profile.balance,
      breakdown: {
        fundedKobo: profile.balanceKobo,
        usedKobo: 0,
        fromAdminKobo: 0,
        referralKobo: 0,
        totalKobo: profile.balanceKobo,
      },
    },
    statement: { lines: [], nextCursor: null },
    purchases: [],
    payments: [],
    manualRequests: [],
    apiKeys: [],
    sessions: [],
    ...overrides,
  };
}

export function anInvitation(overrides: Partial<AdminInvitation> = {}): AdminInvitation {
  return {
    id: 'inv_1',
    email: 'new.admin@example.com',
    status: 'open',
    createdAt: '2025-03-10T09:00:00.000Z',
    expiresAt: '2025-03-17T09:00:00.000Z',
    createdBy: { id: 'usr_admin', name: 'Ada Admin', email: 'ada@example.com' },
    usedAt: null,
    usedBy: null,
    revokedAt: null,
    url: 'http://localhost:3000/AdminRegister?invite=tok_1',
    ...overrides,
  };
}
