import { lagosDayEnd, lagosDayStart } from '@quickvend/shared/api/admin-purchases';

type OwnerAndPeriod = { user?: string | undefined; from?: string | undefined; to?: string | undefined };

/**
 * A back-office search's owner and Lagos days as the database reads them: `user` is an id or an email (looked
 * up), `from`/`to` whole Lagos days. @returns null when it can match nothing (an email nobody has)
 */
export async function ownerAndPeriodOf<Q extends OwnerAndPeriod>(
  query: Q,
  findUserByEmail: (email: string) => Promise<{ id: string } | null | undefined>,
): Promise<(Omit<Q, 'user' | 'from' | 'to'> & { userId?: string; since?: Date; until?: Date }) | null> {
  const { user, from, to, ...rest } = query;
  let userId: string | undefined;
  if (user) {
    if (user.includes('@')) {
      const found = await findUserByEmail(user.toLowerCase());
      if (!found) return null;
      userId = found.id;
    } else userId = user;
  }
  return {
    ...rest,
    userId,
    since: from ? (lagosDayStart(from) ?? undefined) : undefined,
    until: to ? (lagosDayEnd(to) ?? undefined) : undefined,
  };
}
