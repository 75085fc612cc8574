import { purchaseSummary, type PurchaseWordsInput } from '@quickvend/shared/purchase-words';

/** Who reads the statement: the customer (their own pages), or the back office (its pages, and the ledger's facts). */
export type StatementAudience = 'customer' | 'admin';

/** A ledger entry as the statement sees it. */
export type StatementEntry = { kind: string; reference: string; memo: string };

export type StatementPurchase = PurchaseWordsInput & { id: string; userId: string; requestId: string };

/** What a page's lines point at, each looked up once for the whole page. */
export type StatementFacts = {
  purchases: ReadonlyMap<string, StatementPurchase>;
  /** the bank of each manual deposit, by request id */
  depositBanks: ReadonlyMap<string, string>;
  /** the first name of each referred friend, by user id */
  firstNames: ReadonlyMap<string, string>;
  /** the entries the page's reversals undo, by entry id */
  reversed: ReadonlyMap<string, StatementEntry>;
};

/** The ids an entry points at, read off its reference (or, for a recovery, its memo). */
export type Referent = {
  purchaseId?: string;
  paymentReference?: string;
  depositId?: string;
  referredUserId?: string;
  reversedEntryId?: string;
};

// the references the ledger's callers post with (`purchase:<id>:hold`, `manual:<id>`...)
const PURCHASE_REFERENCE = /^purchase:([^:]+):[a-z-]+$/;
const FUNDING_REFERENCE = /^funding:(.+)$/;
const MANUAL_REFERENCE = /^manual:(.+)$/;
const REFERRAL_REFERENCE = /^referral:([^:]+):reward$/;
const REVERSAL_REFERENCE = /^reversal:(.+)$/;
// a recovery's reference names the loss; its memo names the purchase
const PURCHASE_IN_MEMO = /\b(pur_[0-9A-Za-z]+)\b/;

const captured = (pattern: RegExp, text: string) => pattern.exec(text)?.[1];

export function referentOf(entry: StatementEntry): Referent {
  switch (entry.kind) {
    case 'purchase.hold':
    case 'purchase.settle':
    case 'purchase.refund': {
      const purchaseId = captured(PURCHASE_REFERENCE, entry.reference);
      return purchaseId ? { purchaseId } : {};
    }
    case 'funding.card':
    case 'funding.transfer': {
      const paymentReference = captured(FUNDING_REFERENCE, entry.reference);
      return paymentReference ? { paymentReference } : {};
    }
    case 'funding.manual': {
      const depositId = captured(MANUAL_REFERENCE, entry.reference);
      return depositId ? { depositId } : {};
    }
    case 'referral.reward': {
      const referredUserId = captured(REFERRAL_REFERENCE, entry.reference);
      return referredUserId ? { referredUserId } : {};
    }
    case 'provider-loss.recover': {
      const purchaseId = captured(PURCHASE_IN_MEMO, entry.memo);
      return purchaseId ? { purchaseId } : {};
    }
    case 'reversal': {
      const reversedEntryId = captured(REVERSAL_REFERENCE, entry.reference);
      return reversedEntryId ? { reversedEntryId } : {};
    }
    default:
      return {};
  }
}

/** The statement's own words; a purchase is named only by purchase-words. */
export const statementWords = {
  purchase: 'Purchase',
  refund: (purchase: string) => `Refund: ${purchase}`,
  refundOfAPurchase: 'Refund of a purchase',
  card: 'Card payment',
  transfer: 'Bank transfer',
  manual: (bank: string | undefined) => (bank ? `Manual deposit (${bank})` : 'Manual deposit'),
  adjustment: 'Adjustment by our team',
  referral: (friend: string | undefined) => (friend ? `Referral reward: ${friend}` : 'Referral reward'),
  recovered: (purchase: string | undefined) =>
    purchase
      ? `Refund taken back: ${purchase} was delivered after all`
      : 'Refund taken back: the purchase was delivered after all',
  reversed: (what: string) => `Reversed: ${what}`,
  correction: 'Correction by our team',
  other: 'Wallet movement',
} as const;

type Links = {
  purchase: (purchase: StatementPurchase) => string;
  payment: (reference: string) => string;
  deposit: (id: string) => string;
  referral: (userId: string) => string;
};

/** Where the customer's own pages show each thing: never by an internal id. */
const customerLinks: Links = {
  purchase: (purchase) => `/transactions/${encodeURIComponent(purchase.requestId)}`,
  payment: () => '/fund-wallet#payment-history-heading',
  deposit: () => '/fund-wallet#manual-heading',
  referral: () => '/refer',
};

/** Where the back office shows each thing. */
const adminLinks: Links = {
  purchase: (purchase) => `/admin/purchases/${encodeURIComponent(purchase.id)}`,
  payment: (reference) => `/admin/fundings?reference=${encodeURIComponent(reference)}`,
  deposit: (id) => `/admin/fundings?reference=${encodeURIComponent(id)}`,
  referral: (userId) => `/edit-user/${encodeURIComponent(userId)}`,
};

export type LineWords = { description: string; link: string | null };

/** The link to what `id` names; for the customer a page of their own, whether or not the id could be read. */
function linkTo(
  audience: StatementAudience,
  to: Exclude<keyof Links, 'purchase'>,
  id: string | undefined,
): string | null {
  if (audience === 'customer') return customerLinks[to]('');
  return id === undefined ? null : adminLinks[to](id);
}

/**
 * A line in words, with the page that shows what it was. Built from the entry's kind and what its reference
 * points at; whatever cannot be found (an old line, a memo in another shape) still reads by its kind.
 */
export function describeEntry(
  entry: StatementEntry,
  facts: StatementFacts,
  audience: StatementAudience,
): LineWords {
  const about = referentOf(entry);
  const purchase = about.purchaseId === undefined ? undefined : facts.purchases.get(about.purchaseId);
  const named = purchase && purchaseSummary(purchase);
  const links = audience === 'admin' ? adminLinks : customerLinks;
  const purchaseLink = purchase ? links.purchase(purchase) : null;

  switch (entry.kind) {
    case 'purchase.hold':
    case 'purchase.settle':
      return { description: named ?? statementWords.purchase, link: purchaseLink };
    case 'purchase.refund':
      return {
        description: named ? statementWords.refund(named) : statementWords.refundOfAPurchase,
        link: purchaseLink,
      };
    case 'provider-loss.recover':
      return { description: statementWords.recovered(named), link: purchaseLink };
    case 'funding.card':
      return { description: statementWords.card, link: linkTo(audience, 'payment', about.paymentReference) };
    case 'funding.transfer':
      return {
        description: statementWords.transfer,
        link: linkTo(audience, 'payment', about.paymentReference),
      };
    case 'funding.manual': {
      const bank = about.depositId === undefined ? undefined : facts.depositBanks.get(about.depositId);
      return { description: statementWords.manual(bank), link: linkTo(audience, 'deposit', about.depositId) };
    }
    case 'referral.reward': {
      const { referredUserId } = about;
      const friend = referredUserId === undefined ? undefined : facts.firstNames.get(referredUserId);
      return {
        description: statementWords.referral(friend),
        link: linkTo(audience, 'referral', referredUserId),
      };
    }
    case 'adjustment':
      return { description: statementWords.adjustment, link: null };
    case 'reversal': {
      const undone =
        about.reversedEntryId === undefined ? undefined : facts.reversed.get(about.reversedEntryId);
      // a reversal is never itself reversed: one step down at most
      if (!undone || undone.kind === 'reversal')
        return { description: statementWords.correction, link: null };
      const words = describeEntry(undone, facts, audience);
      return { description: statementWords.reversed(words.description), link: words.link };
    }
    default:
      return { description: statementWords.other, link: null };
  }
}

/** The admin's own words kept on the line: the reason given for an adjustment or a reversal. */
export function noteOf(entry: StatementEntry): string | null {
  return entry.kind === 'adjustment' || entry.kind === 'reversal' ? entry.memo || null : null;
}
