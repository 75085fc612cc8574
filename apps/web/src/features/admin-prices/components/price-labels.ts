import type { PricePreviewBody, PriceRuleView } from '@quickvend/shared/api/admin-prices';
import { bpsAsPercent, kobo, toNairaString } from '@quickvend/shared/money';
import { percentText, ruleInWords, type PriceChannel } from '@quickvend/shared/pricing';

export const channelLabels: Record<PriceChannel, string> = {
  web: 'Web customers',
  api: 'Partners (API)',
};

/** `1%`, `1.5%`: basis points as a percentage, without float arithmetic. */
export const percentOf = percentText;

/** `1% off`, `2% markup`, `₦280.00 fixed`, or `None` (the face value). */
export function describeRule(rule: Pick<PriceRuleView, 'mode' | 'bps' | 'fixedPriceKobo'> | null): string {
  if (!rule) return 'None';
  return rule.mode === 'fixed'
    ? ruleInWords({ mode: 'fixed', fixedPriceKobo: kobo(rule.fixedPriceKobo ?? 0), allowLoss: false })
    : ruleInWords({ mode: 'bps', bps: rule.bps ?? 0, allowLoss: false });
}

/** `1.5` → 150 basis points, digit by digit; null unless a percentage with at most two decimals. */
export function parsePercent(text: string): number | null {
  const match = /^(\d{1,4})(?:\.(\d{1,2}))?%?$/.exec(text.trim());
  if (!match) return null;
  const [, whole = '0', fraction = ''] = match;
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

export type RuleKind = 'discount' | 'markup' | 'fixed';

/** The editor's fields, as a person types them. */
export type RuleDraft = { kind: RuleKind; percent: string; price: string; allowLoss: boolean };

export function draftOf(rule: PriceRuleView | null, defaultBps: number): RuleDraft {
  if (rule?.mode === 'fixed') {
    return {
      kind: 'fixed',
      percent: '',
      price: toNairaString(rule.fixedPriceKobo ?? 0),
      allowLoss: rule.allowLoss,
    };
  }
  const bps = rule ? (rule.bps ?? 0) : defaultBps;
  return {
    kind: bps < 0 ? 'discount' : 'markup',
    percent: bpsAsPercent(Math.abs(bps)).replace(/\.?0+$/, '') || '0',
    price: '',
    allowLoss: rule?.allowLoss ?? false,
  };
}

export type RuleTarget = { serviceId: string; variationCode: string; channel: PriceChannel };

/** The body the server previews and saves; null while the value typed is not yet a number. */
export function bodyOf(target: RuleTarget, draft: RuleDraft): PricePreviewBody | null {
  if (draft.kind === 'fixed') {
    if (draft.price.trim() === '') return null;
    return { ...target, mode: 'fixed', fixedPrice: draft.price.trim(), allowLoss: draft.allowLoss };
  }
  const bps = parsePercent(draft.percent);
  if (bps === null) return null;
  return { ...target, mode: 'bps', bps: draft.kind === 'discount' ? -bps : bps, allowLoss: draft.allowLoss };
}
