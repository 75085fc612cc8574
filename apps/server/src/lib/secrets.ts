import { createHmac } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { secretFingerprints } from '../db/system.tables.ts';

export class SecretMismatchError extends Error {
  override name = 'SecretMismatchError';
}

const fingerprintOf = (secret: string) =>
  createHmac('sha256', secret).update('quickvend secret fingerprint v1').digest('base64url');

/**
 * Every process on one database must share its secrets: with another AUTH_SECRET its sessions fail, with
 * another PIN_PEPPER a correct PIN counts as a wrong try. The first process records a fingerprint of each;
 * the others compare theirs.
 * @throws SecretMismatchError naming each variable that differs
 */
export async function checkSecretFingerprints(db: Database, secrets: Record<string, string>): Promise<void> {
  const differing: string[] = [];
  for (const [name, secret] of Object.entries(secrets)) {
    const fingerprint = fingerprintOf(secret);
    await db.insert(secretFingerprints).values({ name, fingerprint }).onConflictDoNothing();
    const [stored] = await db
      .select({ fingerprint: secretFingerprints.fingerprint })
      .from(secretFingerprints)
      .where(eq(secretFingerprints.name, name));
    if (stored && stored.fingerprint !== fingerprint) differing.push(name);
  }
  if (differing.length > 0) {
    const list = differing.join(' and ');
    throw new SecretMismatchError(
      `${list} ${differing.length > 1 ? 'differ' : 'differs'} from the value this database was first started with. ` +
        `Every process on one database needs the same ${list}: set ${differing.length > 1 ? 'them' : 'it'} ` +
        `to the value the other processes use (the embedded database's generated ones are in DATA_DIR/secrets.json).`,
    );
  }
}

/** Only for an operator who deliberately replaced the secrets: the next start records the new ones. */
export async function forgetSecretFingerprints(db: Database): Promise<void> {
  await db.execute(sql`delete from secret_fingerprints`);
}
