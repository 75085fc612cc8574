import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { hash as argon2Hash, verify as argon2Verify } from '@node-rs/argon2';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { messages } from '@quickvend/shared/messages';
import { pinTexts as say } from '@quickvend/shared/messages/pin';
import { PIN_LOCK_MINUTES, PIN_MAX_ATTEMPTS } from '@quickvend/shared/services';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { DomainEvents } from '../../lib/domain-events.ts';
import { AppError } from '../../lib/errors.ts';
import { pinChangedEvent } from './purchase-events.ts';
import { pinResetTokens, transactionPins } from './purchases.tables.ts';

const ARGON2 = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
const RESET_LINK_MINUTES = 30;
/** How long a PIN proved right is recognised without running Argon2 again. */
const REMEMBER_RIGHT_PIN_MS = 10 * 60_000;

/**
 * Runs work for one key at a time in this process. PIN checks queue here before they take a database
 * connection, so one customer's burst of purchases waits its turn instead of holding the shared pool.
 */
function createKeyedQueue() {
  const tails = new Map<string, Promise<unknown>>();
  return function oneAtATime<T>(key: string, work: () => Promise<T>): Promise<T> {
    const run = (tails.get(key) ?? Promise.resolve()).then(work, work);
    const tail = run.catch(() => undefined);
    tails.set(key, tail);
    void tail.then(() => {
      if (tails.get(key) === tail) tails.delete(key);
    });
    return run;
  };
}

/** PINs anyone would try first: repeated digits, runs up or down, and a few favourites. */
export function isTrivialPin(pin: string): boolean {
  if (/^(\d)\1{3}$/.test(pin)) return true;
  const digits = Array.from(pin.matchAll(/\d/g), (match) => Number(match[0]));
  const steps = digits.slice(1).map((d, i) => d - (digits[i] ?? 0));
  if (steps.every((s) => s === 1) || steps.every((s) => s === -1)) return true;
  return ['1212', '2580', '0852', '1122', '6969', '1004', '2000', '1010', '0101', '2468'].includes(pin);
}

export function createPinService(deps: {
  db: Database;
  pepper: string;
  clock: Clock;
  appUrl: string;
  sendMail: (mail: { to: string; subject: string; text: string }) => Promise<void>;
  /** `security.pin-changed` is recorded with the PIN it tells of and published once that commits */
  events?: Pick<DomainEvents, 'record' | 'publish'>;
}) {
  const { db, clock } = deps;
  const secret = Buffer.from(deps.pepper);
  const hashPin = (pin: string) => argon2Hash(pin, { ...ARGON2, secret });
  const oneAtATime = createKeyedQueue();
  // per user: the stored hash a PIN was last proved against, and a keyed digest of that PIN
  const rightPins = new Map<string, { pinHash: string; digest: Buffer; until: number }>();
  const digestOf = (userId: string, pin: string) =>
    createHmac('sha256', secret).update(`${userId}:${pin}`).digest();

  /** Argon2 for a PIN not seen lately; a PIN proved right against the same stored hash is recognised at once. */
  async function isRightPin(userId: string, pinHash: string, pin: string): Promise<boolean> {
    const digest = digestOf(userId, pin);
    const known = rightPins.get(userId);
    if (
      known &&
      known.pinHash === pinHash &&
      known.until > clock.now().getTime() &&
      timingSafeEqual(known.digest, digest)
    ) {
      return true;
    }
    const isRight = await argon2Verify(pinHash, pin, { secret });
    if (isRight)
      rightPins.set(userId, { pinHash, digest, until: clock.now().getTime() + REMEMBER_RIGHT_PIN_MS });
    return isRight;
  }

  function checkStrength(pin: string): void {
    if (!/^\d{4}$/.test(pin)) throw new AppError('VALIDATION_FAILED', say.notFourDigits);
    if (isTrivialPin(pin)) throw new AppError('VALIDATION_FAILED', say.tooEasy);
  }

  async function store(userId: string, pin: string, change: 'created' | 'changed'): Promise<void> {
    const pinHash = await hashPin(pin);
    const event = await db.transaction(async (tx) => {
      await tx
        .insert(transactionPins)
        .values({ userId, pinHash })
        .onConflictDoUpdate({
          target: transactionPins.userId,
          set: { pinHash, failedAttempts: 0, lockedUntil: null, updatedAt: clock.now() },
        });
      const changed = pinChangedEvent(userId, change, clock.now());
      await deps.events?.record(changed, tx);
      return changed;
    });
    deps.events?.publish(event);
  }

  async function status(userId: string) {
    const [row] = await db.select().from(transactionPins).where(eq(transactionPins.userId, userId));
    const lockedUntil = row?.lockedUntil && row.lockedUntil > clock.now() ? row.lockedUntil : null;
    return { hasPin: Boolean(row), lockedUntil: lockedUntil?.toISOString() ?? null };
  }

  /**
   * Checks a PIN with the user's PIN row locked (SELECT ... FOR UPDATE), after queueing per user in this
   * process, so concurrent guesses are checked one after another: however many arrive at once, at most PIN_MAX_ATTEMPTS wrong ones are ever checked before
   * the lock, and concurrent right ones never lock the owner out.
   * @throws PIN_NOT_SET, PIN_LOCKED, PIN_INCORRECT
   */
  async function verify(userId: string, pin: string | undefined): Promise<void> {
    const failure = await oneAtATime(userId, () => checkLocked(userId, pin));
    if (failure) throw failure;
  }

  function checkLocked(userId: string, pin: string | undefined): Promise<AppError | null> {
    return db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(transactionPins)
        .where(eq(transactionPins.userId, userId))
        .for('update');
      if (!row) return new AppError('PIN_NOT_SET', say.notSet);
      const now = clock.now();
      const isLocked = row.lockedUntil !== null && row.lockedUntil > now;
      if (isLocked) {
        return new AppError('PIN_LOCKED', say.locked, {
          lockedUntil: row.lockedUntil?.toISOString() ?? null,
        });
      }
      const isRight =
        pin !== undefined && /^\d{4}$/.test(pin) && (await isRightPin(userId, row.pinHash, pin));
      if (isRight) {
        if (row.failedAttempts > 0 || row.lockedUntil) {
          await tx
            .update(transactionPins)
            .set({ failedAttempts: 0, lockedUntil: null })
            .where(eq(transactionPins.userId, userId));
        }
        return null;
      }
      // an expired lock starts a fresh count
      const failedAttempts = (row.lockedUntil ? 0 : row.failedAttempts) + 1;
      const lockedUntil =
        failedAttempts >= PIN_MAX_ATTEMPTS ? new Date(now.getTime() + PIN_LOCK_MINUTES * 60_000) : null;
      await tx
        .update(transactionPins)
        .set({ failedAttempts, lockedUntil })
        .where(eq(transactionPins.userId, userId));
      if (lockedUntil) {
        return new AppError('PIN_LOCKED', say.locked, {
          lockedUntil: lockedUntil.toISOString(),
        });
      }
      const attemptsLeft = PIN_MAX_ATTEMPTS - failedAttempts;
      return new AppError('PIN_INCORRECT', say.wrong(attemptsLeft), { attemptsLeft });
    });
  }

  return {
    status,
    verify,

    /** The first PIN needs nothing more; changing it needs the current one. @throws VALIDATION_FAILED, PIN_* */
    async setPin(userId: string, pin: string, currentPin: string | undefined): Promise<void> {
      checkStrength(pin);
      const { hasPin } = await status(userId);
      if (hasPin) await verify(userId, currentPin);
      await store(userId, pin, hasPin ? 'changed' : 'created');
    },

    async requestChange(user: { id: string; email: string }): Promise<void> {
      const token = randomBytes(32).toString('base64url');
      await db.insert(pinResetTokens).values({
        tokenHash: createHash('sha256').update(token).digest('base64url'),
        userId: user.id,
        expiresAt: new Date(clock.now().getTime() + RESET_LINK_MINUTES * 60_000),
      });
      await deps.sendMail({
        to: user.email,
        ...say.changeMail(`${deps.appUrl}/change-pin?token=${token}`, RESET_LINK_MINUTES),
      });
    },

    /** From the mailed link, once. @throws INVALID_TOKEN, VALIDATION_FAILED */
    async resetWithToken(
      token: string,
      pin: string,
      checkPassword: (userId: string) => Promise<boolean>,
    ): Promise<void> {
      checkStrength(pin);
      const tokenHash = createHash('sha256').update(token).digest('base64url');
      const [row] = await db
        .select()
        .from(pinResetTokens)
        .where(
          and(
            eq(pinResetTokens.tokenHash, tokenHash),
            isNull(pinResetTokens.usedAt),
            gt(pinResetTokens.expiresAt, clock.now()),
          ),
        );
      if (!row) throw new AppError('INVALID_TOKEN', say.linkInvalid);
      if (!(await checkPassword(row.userId)))
        throw new AppError('INVALID_CREDENTIALS', messages.auth.invalidCredentials);
      const [claimed] = await db
        .update(pinResetTokens)
        .set({ usedAt: clock.now() })
        .where(and(eq(pinResetTokens.tokenHash, tokenHash), isNull(pinResetTokens.usedAt)))
        .returning();
      if (!claimed) throw new AppError('INVALID_TOKEN', say.linkInvalid);
      await store(row.userId, pin, 'changed');
    },
  };
}

export type PinService = ReturnType<typeof createPinService>;
