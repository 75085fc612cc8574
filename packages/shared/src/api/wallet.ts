import { z } from 'zod';

export const walletResponse = z.object({
  balanceKobo: z.number().int(),
  balance: z.string(),
  currency: z.literal('NGN'),
});
export type WalletResponse = z.infer<typeof walletResponse>;

export const adminUser = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(['user', 'admin']),
  balanceKobo: z.number().int(),
  balance: z.string(),
  createdAt: z.string(),
});
export type AdminUser = z.infer<typeof adminUser>;

export const adminUsersResponse = z.object({ users: z.array(adminUser) });
