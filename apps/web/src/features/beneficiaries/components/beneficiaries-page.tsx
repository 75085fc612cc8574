import { useEffect, useId, useRef, useState, type SyntheticEvent } from 'react';
import { Link } from '@/lib/router/index.ts';
import type { Beneficiary } from '@quickvend/shared/api/beneficiaries';
import {
  BENEFICIARY_KINDS,
  BENEFICIARY_LABEL_MAX,
  beneficiaryKindNames,
  groupedNumber,
  meterTypeLabels,
  type MeterType,
} from '@quickvend/shared/beneficiaries';
import { PRODUCT_NAME } from '@quickvend/shared/services';
import { Button } from '@/components/ui/button.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { Input } from '@/components/ui/input.tsx';
import { MeterTypeChoice } from '@/components/ui/meter-type-choice.tsx';
import { LinkButton } from '@/components/ui/link-button.tsx';
import { SkeletonList } from '@/components/ui/skeleton.tsx';
import { StatusMessage } from '@/components/ui/status-message.tsx';
import { isApiError } from '@/lib/api-client.ts';
import { useBeneficiaries } from '@/lib/api/get-beneficiaries.ts';
import { errorMessageOf } from '@/lib/form-errors.ts';
import { paths } from '@/lib/paths.ts';
import { useDeleteBeneficiary } from '../api/delete-beneficiary.ts';
import { useUpdateBeneficiary } from '../api/update-beneficiary.ts';
import { buyLinkOf, serviceLabelOf } from './beneficiary-labels.ts';

const TITLE = 'Saved numbers';

export const beneficiariesTexts = {
  intro:
    'Each number you buy for is saved here once the purchase goes through. Tap one on any purchase page to fill the form in.',
  loadFailed: 'Error: We could not load your saved numbers. Check your connection and try again.',
  retry: 'Try again',
  emptyTitle: 'No saved numbers yet',
  empty: 'Buy airtime, data, TV or electricity, and the number is saved here for next time.',
  emptyAction: 'Buy something',
  count: (count: number, limit: number) => `${String(count)} of ${String(limit)} saved.`,
  verifiedName: (name: string) => `Verified name: ${name}`,
  edit: 'Edit',
  editName: (label: string) => `Edit ${label}`,
  delete: 'Delete',
  deleteName: (label: string) => `Delete ${label}`,
  nameField: 'Name',
  numberField: 'Number',
  meterTypeField: 'Meter type',
  save: 'Save changes',
  cancel: 'Cancel',
  confirmDelete: (label: string, number: string) => `Delete “${label}” (${number})?`,
  confirmHint: 'It comes back the next time you buy for this number.',
  keep: 'Keep it',
  saved: (label: string) => `Saved “${label}”.`,
  deleted: (label: string) => `Deleted “${label}”.`,
} as const;

type Outcome = { text: string; tone: 'success' | 'error' };

function EditForm({
  beneficiary,
  onDone,
}: {
  beneficiary: Beneficiary;
  onDone: (outcome: Outcome | null) => void;
}) {
  const update = useUpdateBeneficiary();
  const [label, setLabel] = useState(beneficiary.label);
  const [number, setNumber] = useState(groupedNumber(beneficiary.number));
  const [meterType, setMeterType] = useState<MeterType | null>(beneficiary.meterType);
  const nameField = useRef<HTMLInputElement>(null);

  useEffect(() => {
    nameField.current?.focus();
  }, []);
  const fieldErrors = isApiError(update.error) ? update.error.fieldErrors : {};
  const formError =
    update.error && !fieldErrors['label'] && !fieldErrors['number']
      ? `Error: ${errorMessageOf(update.error)}`
      : null;

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    update.mutate(
      { id: beneficiary.id, body: { label, number, ...(meterType && { meterType }) } },
      {
        onSuccess: ({ beneficiary: saved }) => {
          onDone({ text: beneficiariesTexts.saved(saved.label), tone: 'success' });
        },
      },
    );
  };

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label={beneficiariesTexts.editName(beneficiary.label)}
      className="flex flex-col gap-2"
    >
      <Input
        ref={nameField}
        label={beneficiariesTexts.nameField}
        type="text"
        autoComplete="off"
        maxLength={BENEFICIARY_LABEL_MAX}
        value={label}
        error={fieldErrors['label']}
        onChange={(event) => {
          setLabel(event.target.value);
        }}
      />
      <Input
        label={beneficiariesTexts.numberField}
        type="text"
        inputMode={beneficiary.kind === 'phone' ? 'tel' : 'numeric'}
        autoComplete="off"
        value={number}
        error={fieldErrors['number']}
        onChange={(event) => {
          setNumber(event.target.value);
        }}
      />
      {beneficiary.kind === 'meter' ? (
        <MeterTypeChoice
          legend={beneficiariesTexts.meterTypeField}
          value={meterType}
          onChange={setMeterType}
        />
      ) : null}
      <StatusMessage message={formError} tone="error" />
      <div className="flex gap-2">
        <Button type="submit" isBusy={update.isPending} busyLabel="Saving..." className="flex-1">
          {beneficiariesTexts.save}
        </Button>
        <Button
          variant="text"
          onClick={() => {
            onDone(null);
          }}
        >
          {beneficiariesTexts.cancel}
        </Button>
      </div>
    </form>
  );
}

function DeleteQuestion({
  beneficiary,
  onDone,
}: {
  beneficiary: Beneficiary;
  onDone: (outcome: Outcome | null) => void;
}) {
  const remove = useDeleteBeneficiary();
  const questionId = useId();
  const keep = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    keep.current?.focus();
  }, []);
  return (
    <div
      role="alertdialog"
      aria-labelledby={questionId}
      className="flex flex-col gap-2 rounded-lg border border-red-200 bg-red-50 p-3"
    >
      <p id={questionId} className="text-sm font-semibold text-gray-900">
        {beneficiariesTexts.confirmDelete(beneficiary.label, groupedNumber(beneficiary.number))}
      </p>
      <p className="text-sm text-gray-700">{beneficiariesTexts.confirmHint}</p>
      {remove.isError ? (
        <StatusMessage message={`Error: ${errorMessageOf(remove.error)}`} tone="error" />
      ) : null}
      <div className="flex gap-2">
        <Button
          variant="danger"
          className="flex-1"
          isBusy={remove.isPending}
          busyLabel="Deleting..."
          onClick={() => {
            remove.mutate(beneficiary.id, {
              onSuccess: () => {
                onDone({ text: beneficiariesTexts.deleted(beneficiary.label), tone: 'success' });
              },
            });
          }}
        >
          {beneficiariesTexts.delete}
        </Button>
        <button
          ref={keep}
          type="button"
          onClick={() => {
            onDone(null);
          }}
          className="min-h-11 flex-1 rounded-lg border border-gray-300 bg-white px-4 font-semibold text-gray-900 hover:bg-gray-50 focus-visible:outline-3 focus-visible:outline-brand-500"
        >
          {beneficiariesTexts.keep}
        </button>
      </div>
    </div>
  );
}

function BeneficiaryRow({
  beneficiary,
  onOutcome,
}: {
  beneficiary: Beneficiary;
  onOutcome: (outcome: Outcome) => void;
}) {
  const [mode, setMode] = useState<'view' | 'edit' | 'delete'>('view');
  const editButton = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);
  useEffect(() => {
    if (mode === 'view' && returnFocus.current) {
      returnFocus.current = false;
      editButton.current?.focus();
    }
  }, [mode]);
  const service = serviceLabelOf(beneficiary);
  const number = groupedNumber(beneficiary.number);
  const meterType = beneficiary.meterType ? meterTypeLabels[beneficiary.meterType] : null;
  const buy = buyLinkOf(beneficiary);
  const close = (outcome: Outcome | null) => {
    if (outcome) onOutcome(outcome);
    // after a delete the row is gone; the page takes the focus
    returnFocus.current = outcome === null || mode === 'edit';
    setMode('view');
  };
  return (
    <li className="px-4 py-3">
      {mode === 'edit' ? (
        <EditForm beneficiary={beneficiary} onDone={close} />
      ) : (
        <div
          className={`flex flex-col gap-1 ${mode === 'view' ? 'sm:flex-row sm:items-center sm:justify-between sm:gap-4' : 'gap-2'}`}
        >
          <div className="flex min-w-0 flex-col">
            <span className="truncate font-semibold text-gray-900">{beneficiary.label}</span>
            <span className="text-sm text-gray-700 tabular-nums">
              {[number, service, meterType].filter(Boolean).join(' · ')}
            </span>
            {beneficiary.customerName && beneficiary.customerName !== beneficiary.label ? (
              <span className="text-sm text-gray-600">
                {beneficiariesTexts.verifiedName(beneficiary.customerName)}
              </span>
            ) : null}
          </div>
          {mode === 'delete' ? (
            <DeleteQuestion beneficiary={beneficiary} onDone={close} />
          ) : (
            <div className="-mx-2 flex shrink-0 flex-wrap items-center gap-x-1">
              <Link
                to={buy.to}
                className="inline-flex min-h-11 items-center rounded px-2 text-sm font-semibold text-brand-800 underline underline-offset-2 focus-visible:outline-3 focus-visible:outline-brand-500"
              >
                {buy.text}
              </Link>
              <button
                ref={editButton}
                type="button"
                aria-label={beneficiariesTexts.editName(beneficiary.label)}
                onClick={() => {
                  setMode('edit');
                }}
                className="inline-flex min-h-11 items-center rounded px-2 text-sm font-semibold text-gray-800 underline underline-offset-2 focus-visible:outline-3 focus-visible:outline-brand-500"
              >
                {beneficiariesTexts.edit}
              </button>
              <button
                type="button"
                aria-label={beneficiariesTexts.deleteName(beneficiary.label)}
                onClick={() => {
                  setMode('delete');
                }}
                className="inline-flex min-h-11 items-center rounded px-2 text-sm font-semibold text-red-700 underline underline-offset-2 focus-visible:outline-3 focus-visible:outline-brand-500"
              >
                {beneficiariesTexts.delete}
              </button>
            </div>
          )}
        </div>
      )}
    </li>
  );
}

/** `/beneficiaries`: the customer's saved numbers by kind, each to buy for, rename or delete. */
export function BeneficiariesPage() {
  const { data, isPending, isError, refetch, isRefetching } = useBeneficiaries();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const saved = data?.beneficiaries ?? [];
  const showOutcome = (next: Outcome) => {
    setOutcome(next);
    if (next.text.startsWith('Deleted')) heading.current?.focus();
  };

  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-4">
      <title>{`${TITLE} · ${PRODUCT_NAME}`}</title>
      <h1 ref={heading} tabIndex={-1} className="text-2xl font-bold text-gray-900 focus:outline-none">
        {TITLE}
      </h1>
      <p className="text-sm text-gray-700">{beneficiariesTexts.intro}</p>
      <StatusMessage message={outcome?.text} tone={outcome?.tone} />
      {isPending ? (
        <SkeletonList rows={3} />
      ) : isError ? (
        <div className="flex flex-col items-start gap-2">
          <StatusMessage message={beneficiariesTexts.loadFailed} tone="error" />
          <Button
            variant="secondary"
            isBusy={isRefetching}
            onClick={() => {
              void refetch();
            }}
          >
            {beneficiariesTexts.retry}
          </Button>
        </div>
      ) : saved.length === 0 ? (
        <EmptyState
          title={beneficiariesTexts.emptyTitle}
          action={
            <LinkButton to={paths.buy} variant="secondary">
              {beneficiariesTexts.emptyAction}
            </LinkButton>
          }
        >
          {beneficiariesTexts.empty}
        </EmptyState>
      ) : (
        <>
          {BENEFICIARY_KINDS.map((kind) => {
            const ofKind = saved.filter((beneficiary) => beneficiary.kind === kind);
            if (ofKind.length === 0) return null;
            const headingId = `saved-${kind}`;
            return (
              <section key={kind} aria-labelledby={headingId} className="flex flex-col gap-2">
                <h2 id={headingId} className="text-base font-semibold text-gray-900">
                  {beneficiaryKindNames[kind].many}
                </h2>
                <ul className="divide-y divide-gray-100 rounded-2xl border border-gray-200 bg-white">
                  {ofKind.map((beneficiary) => (
                    <BeneficiaryRow key={beneficiary.id} beneficiary={beneficiary} onOutcome={showOutcome} />
                  ))}
                </ul>
              </section>
            );
          })}
          <p className="text-sm text-gray-600">{beneficiariesTexts.count(saved.length, data.limit)}</p>
        </>
      )}
    </div>
  );
}
