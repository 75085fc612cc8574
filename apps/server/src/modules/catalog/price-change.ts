import { z } from 'zod';
import type { PricePreviewRow } from '@quickvend/shared/api/admin-prices';
import { koboSchema } from '@quickvend/shared/api/kobo';
import { kobo, type Kobo } from '@quickvend/shared/money';
import { PRICE_CHANNELS, ruleInWords, type PriceRule } from '@quickvend/shared/pricing';
import type { ApprovalRow, ApprovalSubject, Approvals, FindPeople } from '../approvals/index.ts';
import type { RuleTarget } from './price-rules.store.ts';

/** A price rule that waits for a second admin: a fixed price, or one allowed to sell below cost. */
export const PRICE_RULE_APPROVAL = 'price.rule';

export const priceRulePayload = z.object({
  target: z.object({
    serviceId: z.string(),
    variationCode: z.string(),
    channel: z.enum(PRICE_CHANNELS),
  }),
  rule: z.discriminatedUnion('mode', [
    z.object({ mode: z.literal('bps'), bps: z.number().int(), allowLoss: z.boolean() }),
    z.object({ mode: z.literal('fixed'), fixedPriceKobo: koboSchema, allowLoss: z.boolean() }),
  ]),
  /** the plan's name, or the service's for a service-wide rule */
  name: z.string(),
  /** what each row it prices would sell at, cost and earn or lose per sale, when it was asked */
  perSale: z.array(
    z.object({
      name: z.string(),
      faceKobo: koboSchema,
      costKobo: koboSchema,
      priceKobo: koboSchema,
      marginKobo: koboSchema,
      lossKobo: koboSchema.nullable(),
    }),
  ),
  reason: z.string().nullable(),
});
export type PriceRulePayload = z.infer<typeof priceRulePayload>;

/** A rule as it is stored in a request and the audit log: what it says, not when. */
export const payloadRuleOf = (rule: PriceRule): PriceRulePayload['rule'] =>
  rule.mode === 'fixed'
    ? { mode: 'fixed', fixedPriceKobo: rule.fixedPriceKobo, allowLoss: rule.allowLoss }
    : { mode: 'bps', bps: rule.bps, allowLoss: rule.allowLoss };

export const ruleOfPayload = ({ rule }: PriceRulePayload): PriceRule =>
  rule.mode === 'fixed'
    ? { mode: 'fixed', fixedPriceKobo: kobo(rule.fixedPriceKobo), allowLoss: rule.allowLoss }
    : rule;

export const targetId = (target: RuleTarget) =>
  `${target.serviceId}:${target.variationCode || '*'}:${target.channel}`;

/** The rule as written in the audit log: what it says, not when. */
export const auditedRule = (rule: PriceRule | undefined) => (rule ? payloadRuleOf(rule) : null);

/** `₦1.00 fixed, loss allowed` */
export const describeChange = (rule: PriceRule) =>
  `${ruleInWords(rule)}${rule.allowLoss ? ', loss allowed' : ''}`;

/** The largest loss one sale makes under the rule, or null when none loses. */
export const worstLoss = (rows: readonly Pick<PricePreviewRow, 'lossKobo'>[]): Kobo | null =>
  rows.reduce<Kobo | null>(
    (worst, row) => (row.lossKobo !== null && row.lossKobo > (worst ?? 0) ? kobo(row.lossKobo) : worst),
    null,
  );

/** A change waiting for a second admin, by its target's id. */
export type WaitingChanges = Map<
  string,
  { approvalId: string; rule: PriceRule; requestedBy: string; requestedAt: string }
>;

/** The price changes waiting for a second admin, by target, with who asked. */
export async function waitingChanges(deps: {
  approvals: Pick<Approvals, 'list'>;
  findPeople: FindPeople;
}): Promise<WaitingChanges> {
  const rows = await deps.approvals.list({ kind: PRICE_RULE_APPROVAL, status: 'pending', limit: 500 });
  const people = await deps.findPeople(rows.map((row) => row.requestedBy));
  const waiting: WaitingChanges = new Map();
  for (const row of rows) {
    const payload = priceRulePayload.safeParse(row.payload);
    if (!payload.success) continue;
    waiting.set(row.targetId, {
      approvalId: row.id,
      rule: ruleOfPayload(payload.data),
      requestedBy: people.get(row.requestedBy)?.name ?? row.requestedBy,
      requestedAt: row.requestedAt.toISOString(),
    });
  }
  return waiting;
}

/** What a price change is about, for the Approvals page. */
export function priceChangeSubject(row: ApprovalRow): ApprovalSubject | null {
  const payload = priceRulePayload.safeParse(row.payload);
  return payload.success ? { label: `Price of ${payload.data.name}`, href: '/admin/prices' } : null;
}
