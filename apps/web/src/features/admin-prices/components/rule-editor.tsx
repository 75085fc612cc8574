import { useEffect, useId, useRef, useState } from 'react';
import type { AdminPriceRow, AdminPriceService, PricePreviewBody } from '@quickvend/shared/api/admin-prices';
import { formatNaira, kobo } from '@quickvend/shared/money';
import { PRICE_CHANNELS, priceTexts, type PriceChannel } from '@quickvend/shared/pricing';
import { Button } from '@/components/ui/button.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Select } from '@/components/ui/select.tsx';
import { StatusMessage } from '@/components/ui/status-message.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { usePricePreview } from '../api/preview-price.ts';
import { useResetPrice } from '../api/reset-price.ts';
import { useSavePrice } from '../api/save-price.ts';
import {
  bodyOf,
  channelLabels,
  describeRule,
  draftOf,
  percentOf,
  type RuleDraft,
  type RuleKind,
} from './price-labels.ts';

export const editorTexts = {
  title: (name: string) => `Price of ${name}`,
  saved: 'Saved. The new price applies from the next sale.',
  reset: 'Back to the default.',
  loss: 'Sell at a loss',
  lossHint:
    'Only for a promotion you mean: every sale below cost loses money. A second admin must approve it.',
  waiting: (description: string, by: string) => `Waiting for a second admin: ${description}, asked by ${by}.`,
  resetPlan: 'Use the service’s price',
  resetService: 'Back to the default',
  cancel: 'Close',
} as const;

const DEBOUNCE_MS = 250;

/** The value after it has stopped changing for a moment: one preview per pause in typing, not per key. */
function useSettled<T>(value: T): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => {
      setSettled(value);
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [value]);
  return settled;
}

function messageOf(error: unknown): string {
  return error instanceof ApiError
    ? `Error: ${error.message}`
    : 'Error: Something went wrong. Please try again.';
}

function Preview({ body }: { body: PricePreviewBody | null }) {
  const preview = usePricePreview(useSettled(body));
  if (!body) return <p className="text-sm text-gray-700">Enter a value to see the prices.</p>;
  if (preview.isError) return <StatusMessage message={messageOf(preview.error)} tone="error" />;
  if (!preview.data) return <p className="text-sm text-gray-700">Working out the prices...</p>;
  const { rows, problem, commissionBps, isApprovalNeeded } = preview.data;
  return (
    <div className="flex flex-col gap-2" aria-live="polite">
      <p className="text-xs text-gray-600">
        Our cost is the face value less the provider’s commission ({percentOf(commissionBps)}).
      </p>
      <div className="max-h-72 overflow-auto rounded-lg border border-gray-200">
        <table className="w-full text-sm">
          <caption className="sr-only">Preview</caption>
          <thead className="sticky top-0 bg-gray-50 text-left text-xs text-gray-700">
            <tr>
              <th scope="col" className="px-2 py-1.5 font-semibold">
                Plan, face value and cost
              </th>
              <th scope="col" className="px-2 py-1.5 text-right font-semibold">
                Price
              </th>
              <th scope="col" className="px-2 py-1.5 text-right font-semibold">
                Margin
              </th>
            </tr>
          </thead>
          <tbody className="tabular-nums">
            {rows.map((row) => (
              <tr key={row.code || '*'} className="border-t border-gray-100 align-top">
                <th scope="row" className="px-2 py-1.5 text-left font-normal text-gray-800">
                  <span className="block">{row.name}</span>
                  <span className="block text-xs text-gray-600">
                    {formatNaira(row.faceKobo)} · cost {formatNaira(row.costKobo)}
                  </span>
                </th>
                <td className="px-2 py-1.5 text-right font-semibold whitespace-nowrap">
                  {formatNaira(row.priceKobo)}
                </td>
                <td
                  className={`px-2 py-1.5 text-right font-semibold whitespace-nowrap ${row.isBelowCost ? 'text-red-700' : 'text-green-800'}`}
                >
                  {formatNaira(row.marginKobo)}
                  {row.lossKobo !== null ? (
                    <span className="block text-xs whitespace-normal">
                      {priceTexts.lossPerSale(kobo(row.lossKobo))}
                    </span>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {problem ? (
        <StatusMessage message={`Error: ${problem}`} tone="error" />
      ) : isApprovalNeeded ? (
        <p className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm font-semibold text-amber-900">
          {priceTexts.needsApproval}
        </p>
      ) : null}
    </div>
  );
}

type RuleEditorProps = {
  service: AdminPriceService;
  row: AdminPriceRow;
  onClose: () => void;
};

/** One row's rule on one channel: the kind, the value, the loss flag, a live preview; save or reset. */
export function RuleEditor({ service, row, onClose }: RuleEditorProps) {
  const isPlan = row.code !== '';
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [channel, setChannel] = useState<PriceChannel>('web');
  const defaultBps = isPlan ? 0 : service.defaultBps;
  const [draft, setDraft] = useState<RuleDraft>(() => draftOf(row.web.rule, defaultBps));
  const [reason, setReason] = useState('');
  const [done, setDone] = useState<{ text: string; isWaiting: boolean } | null>(null);
  const save = useSavePrice();
  const reset = useResetPrice();
  const lossId = useId();

  useEffect(() => {
    headingRef.current?.focus();
  }, [row.code, service.id]);

  const change = (next: Partial<RuleDraft>) => {
    setDraft((current) => ({ ...current, ...next }));
    setDone(null);
    save.reset();
  };
  const chooseChannel = (next: PriceChannel) => {
    setChannel(next);
    setDraft(draftOf(row[next].rule, defaultBps));
    setDone(null);
  };

  const target = { serviceId: service.id, variationCode: row.code, channel };
  const body = bodyOf(target, draft);
  const current = row[channel];
  const error = save.error ?? reset.error;

  return (
    <section
      aria-labelledby="rule-editor-heading"
      className="flex flex-col gap-3 rounded-2xl border border-gray-200 bg-white p-4 shadow-sm"
    >
      <div className="flex items-start justify-between gap-2">
        <div>
          <h2
            id="rule-editor-heading"
            ref={headingRef}
            tabIndex={-1}
            className="text-lg font-bold text-gray-900"
          >
            {editorTexts.title(isPlan ? row.name : service.name)}
          </h2>
          <p className="text-sm text-gray-700">
            {isPlan ? service.name : 'Every plan and amount without a price of its own'}
          </p>
        </div>
        <Button variant="text" onClick={onClose}>
          {editorTexts.cancel}
        </Button>
      </div>
      <fieldset>
        <legend className="mb-1 text-sm font-semibold text-gray-900">Who pays it</legend>
        <div className="grid grid-cols-2 gap-2">
          {PRICE_CHANNELS.map((option) => (
            <label
              key={option}
              className={`flex min-h-11 cursor-pointer items-center justify-center rounded-lg border-2 px-2 text-sm font-semibold has-focus-visible:outline-3 has-focus-visible:outline-brand-500 ${
                channel === option
                  ? 'border-brand-700 bg-brand-50 text-brand-900'
                  : 'border-gray-200 text-gray-800'
              }`}
            >
              <input
                type="radio"
                name="price-channel"
                value={option}
                checked={channel === option}
                onChange={() => {
                  chooseChannel(option);
                }}
                className="sr-only"
              />
              {channelLabels[option]}
            </label>
          ))}
        </div>
      </fieldset>
      <p className="text-sm text-gray-700">
        Now: <span className="font-semibold">{describeRule(current.rule)}</span>
        {current.rule ? null : current.source === 'service' ? ' (the service’s price applies)' : ''} ·{' '}
        {formatNaira(current.priceKobo)}
        {current.isRuleStale ? ' · its rule is below cost now and is not applied' : ''}
      </p>
      {current.pendingChange ? (
        <p className="text-sm font-semibold text-amber-900">
          {editorTexts.waiting(current.pendingChange.description, current.pendingChange.requestedBy)}
        </p>
      ) : null}
      <div className="grid grid-cols-2 gap-2">
        <Select
          label="Rule"
          value={draft.kind}
          onChange={(event) => {
            change({ kind: event.target.value as RuleKind });
          }}
        >
          <option value="discount">Discount (%)</option>
          <option value="markup">Markup (%)</option>
          {isPlan ? <option value="fixed">Fixed price</option> : null}
        </Select>
        {draft.kind === 'fixed' ? (
          <Input
            label="Price (NGN)"
            inputMode="decimal"
            autoComplete="off"
            value={draft.price}
            onChange={(event) => {
              change({ price: event.target.value });
            }}
          />
        ) : (
          <Input
            label="Percent"
            inputMode="decimal"
            autoComplete="off"
            value={draft.percent}
            onChange={(event) => {
              change({ percent: event.target.value });
            }}
          />
        )}
      </div>
      <div className="flex items-start gap-2">
        <input
          id={lossId}
          type="checkbox"
          checked={draft.allowLoss}
          onChange={(event) => {
            change({ allowLoss: event.target.checked });
          }}
          className="mt-1 h-5 w-5 accent-red-700"
          aria-describedby={`${lossId}-hint`}
        />
        <div>
          <label htmlFor={lossId} className="text-sm font-semibold text-gray-900">
            {editorTexts.loss}
          </label>
          <p id={`${lossId}-hint`} className="text-xs text-gray-600">
            {editorTexts.lossHint}
          </p>
        </div>
      </div>
      <Preview body={body} />
      <Input
        label="Reason (optional)"
        autoComplete="off"
        maxLength={300}
        value={reason}
        onChange={(event) => {
          setReason(event.target.value);
        }}
      />
      <StatusMessage
        message={error ? messageOf(error) : done?.text}
        tone={error ? 'error' : done?.isWaiting ? 'info' : 'success'}
      />
      <div className="flex flex-wrap gap-2">
        <Button
          isBusy={save.isPending}
          busyLabel="Saving..."
          disabled={body === null}
          onClick={() => {
            if (!body) return;
            reset.reset();
            save.mutate(
              { ...body, ...(reason.trim() ? { reason: reason.trim() } : {}) },
              {
                onSuccess: (saved) => {
                  setDone(
                    saved.status === 'applied'
                      ? { text: editorTexts.saved, isWaiting: false }
                      : { text: saved.message, isWaiting: true },
                  );
                },
              },
            );
          }}
        >
          Save price
        </Button>
        <Button
          variant="secondary"
          isBusy={reset.isPending}
          busyLabel="Resetting..."
          disabled={!current.rule}
          onClick={() => {
            save.reset();
            reset.mutate(
              { ...target, ...(reason.trim() ? { reason: reason.trim() } : {}) },
              {
                onSuccess: ({ service: updated }) => {
                  const fresh = isPlan
                    ? updated.variations.find((v) => v.code === row.code)
                    : updated.service;
                  setDraft(draftOf(fresh?.[channel].rule ?? null, defaultBps));
                  setDone({ text: editorTexts.reset, isWaiting: false });
                },
              },
            );
          }}
        >
          {isPlan ? editorTexts.resetPlan : editorTexts.resetService}
        </Button>
      </div>
    </section>
  );
}
