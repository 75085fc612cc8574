import { formatLagosTimestamp } from '@quickvend/shared/format';
import { keyLabel, noticeTexts } from '@quickvend/shared/messages/notices';
import { PRODUCT_NAME } from '@quickvend/shared/services';

type Owner = { email: string; name: string };
type KeyFacts = { name: string; prefix: string; allowedIps: string[] };

const greeting = (owner: Owner) => noticeTexts.greeting(owner.name);

/** Mail to the owner of a key just created; never the key itself. */
export function keyCreatedMail(owner: Owner, key: KeyFacts, createdAt: Date, appUrl: string) {
  const where =
    key.allowedIps.length === 0
      ? 'It works from any internet address.'
      : `It works only from these addresses: ${key.allowedIps.join(', ')}.`;
  return {
    to: owner.email,
    subject: `A new API key was created on your ${PRODUCT_NAME} account`,
    text: [
      greeting(owner),
      '',
      `A new partner API key, ${keyLabel(key)}, was created on your ${PRODUCT_NAME} account on ${formatLagosTimestamp(createdAt.toISOString())} (Lagos time). ${where}`,
      '',
      'Anyone holding this key can buy airtime, data and bills from your wallet without your transaction PIN.',
      '',
      `If this wasn't you, revoke the key at once in Profile → API keys (${appUrl}/profile), then change your password and your transaction PIN.`,
    ].join('\n'),
  };
}

/** Mail to the owner of a key just revoked. */
export function keyRevokedMail(owner: Owner, key: KeyFacts, revokedAt: Date, appUrl: string) {
  return {
    to: owner.email,
    subject: `An API key on your ${PRODUCT_NAME} account was revoked`,
    text: [
      greeting(owner),
      '',
      `The partner API key ${keyLabel(key)} was revoked on ${formatLagosTimestamp(revokedAt.toISOString())} (Lagos time). Apps using it can no longer buy from your wallet.`,
      '',
      `If this wasn't you, someone else may be signed in to your account: change your password now and check your API keys in Profile → API keys (${appUrl}/profile).`,
    ].join('\n'),
  };
}
