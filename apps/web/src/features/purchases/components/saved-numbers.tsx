import { useEffect, useId, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@/lib/router/index.ts';
import type { Beneficiary } from '@quickvend/shared/api/beneficiaries';
import type { Purchase } from '@quickvend/shared/api/purchases';
import {
  BENEFICIARY_LABEL_MAX,
  beneficiaryOfPurchase,
  defaultBeneficiaryLabel,
  groupedNumber,
  readBeneficiaryNumber,
  type BeneficiaryKind,
} from '@quickvend/shared/beneficiaries';
import { Input } from '@/components/ui/input.tsx';
import type { StatusTone } from '@/components/ui/status-message.tsx';
import { useBeneficiaries } from '@/lib/api/get-beneficiaries.ts';
import { useSaveBeneficiary } from '../api/save-beneficiary.ts';
import { errorLine } from '@/lib/form-errors.ts';
import { paths } from '@/lib/paths.ts';
import { queryKeys } from '@/lib/query-keys.ts';

export const savedNumberTexts = {
  // never the wording of a field's label: tests and assistive tech find fields by it
  heading: {
    phone: 'Saved numbers',
    smartcard: 'Saved smart cards',
    meter: 'Saved meters',
    profile: 'Saved JAMB profiles',
  } satisfies Record<BeneficiaryKind, string>,
  manage: 'Manage',
  save: {
    phone: 'Save this number',
    smartcard: 'Save this smart card',
    meter: 'Save this meter',
    profile: 'Save this JAMB profile',
  } satisfies Record<BeneficiaryKind, string>,
  labelField: 'Name it',
  labelPlaceholder: (kind: BeneficiaryKind) =>
    kind === 'phone' ? 'e.g. Mum' : kind === 'meter' ? 'e.g. Shop meter' : 'e.g. Home',
  labelHint: 'Saved once the purchase goes through.',
  saved: (label: string) => `Saved as “${label}”. Pick it here next time.`,
} as const;

/** The number as it is saved, to compare what is typed with what is saved; null while it is not one. */
function savedFormOf(kind: BeneficiaryKind, typed: string): string | null {
  const read = readBeneficiaryNumber(kind, typed, true);
  return 'number' in read ? read.number : null;
}

/** The name on top and the number under it; a name made of the network and the number is split in two. */
function chipTexts(beneficiary: Beneficiary): { name: string; number: string; accessibleName: string } {
  const number = groupedNumber(beneficiary.number);
  const name = beneficiary.label.replace(number, '').trim() || number;
  return {
    name,
    number: name === number ? '' : number,
    accessibleName: beneficiary.label.includes(number)
      ? beneficiary.label
      : `${beneficiary.label}, ${number}`,
  };
}

type SavedNumberPickerProps = {
  kind: BeneficiaryKind;
  /** the number in the form now: its chip shows as chosen */
  current: string;
  /** the saved numbers this page can buy for (a TV page: its own cards); all of the kind otherwise */
  accepts?: (beneficiary: Beneficiary) => boolean;
  onPick: (beneficiary: Beneficiary) => void;
};

/**
 * The customer's saved numbers of one kind as buttons that fill the form in, the most recently used first,
 * in one row that scrolls sideways so the form still fits the screen. Nothing shows until some are saved,
 * so a first purchase looks as before.
 */
export function SavedNumberPicker({ kind, current, accepts, onPick }: SavedNumberPickerProps) {
  const headingId = useId();
  const { data } = useBeneficiaries();
  const saved = (data?.beneficiaries ?? []).filter(
    (beneficiary) => beneficiary.kind === kind && (accepts?.(beneficiary) ?? true),
  );
  if (saved.length === 0) return null;
  const currentNumber = savedFormOf(kind, current);
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-1.5">
      <div className="flex items-baseline justify-between gap-2">
        <h2 id={headingId} className="text-sm font-semibold text-gray-900">
          {savedNumberTexts.heading[kind]}
        </h2>
        <Link
          to={paths.beneficiaries}
          className="rounded text-sm font-semibold text-brand-800 underline underline-offset-2 focus-visible:outline-3 focus-visible:outline-brand-500"
        >
          {savedNumberTexts.manage}
        </Link>
      </div>
      <ul aria-labelledby={headingId} className="-m-1 flex gap-2 overflow-x-auto p-1 [scrollbar-width:thin]">
        {saved.map((beneficiary) => {
          const texts = chipTexts(beneficiary);
          const isChosen = currentNumber === beneficiary.number;
          return (
            <li key={beneficiary.id} className="shrink-0">
              <button
                type="button"
                aria-pressed={isChosen}
                aria-label={texts.accessibleName}
                onClick={() => {
                  onPick(beneficiary);
                }}
                className={`flex min-h-11 max-w-48 flex-col justify-center rounded-xl border-2 px-3 py-1 text-left focus-visible:outline-3 focus-visible:outline-brand-500 ${
                  isChosen
                    ? 'border-brand-700 bg-brand-50 text-brand-900'
                    : 'border-gray-200 bg-white text-gray-900 hover:border-brand-600'
                }`}
              >
                <span className="max-w-full truncate text-sm leading-tight font-bold">{texts.name}</span>
                {texts.number ? (
                  <span className="text-xs leading-tight whitespace-nowrap text-gray-700 tabular-nums">
                    {texts.number}
                  </span>
                ) : null}
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/**
 * "Save this number" on a purchase form: the choice and the name, kept until the purchase is delivered,
 * then saved (a delivered purchase's number is saved anyway; this gives it the customer's name). Also
 * refreshes the saved numbers after each delivered purchase, so the automatic save shows next time.
 */
export function useSaveNumber(purchase: Purchase | null) {
  const queryClient = useQueryClient();
  const [isWanted, setIsWanted] = useState(false);
  const [label, setLabel] = useState('');
  const save = useSaveBeneficiary();
  const { mutate } = save;
  const handled = useRef<string | null>(null);

  useEffect(() => {
    if (purchase === null || purchase.status !== 'delivered' || handled.current === purchase.requestId)
      return;
    handled.current = purchase.requestId;
    const target = beneficiaryOfPurchase(purchase);
    if (!isWanted || target === null) {
      void queryClient.invalidateQueries({ queryKey: queryKeys.beneficiaries });
      return;
    }
    const name = label.trim() || defaultBeneficiaryLabel({ ...target, customerName: purchase.customerName });
    const { meterType, ...number } = target;
    mutate({ ...number, ...(meterType && { meterType }), label: name.slice(0, BENEFICIARY_LABEL_MAX) });
  }, [purchase, isWanted, label, mutate, queryClient]);

  const notice: { text: string; tone: StatusTone } | null = save.isSuccess
    ? { text: savedNumberTexts.saved(save.data.beneficiary.label), tone: 'success' }
    : save.isError
      ? { text: errorLine(save.error), tone: 'error' }
      : null;

  return {
    isWanted,
    label,
    setIsWanted,
    setLabel,
    /** what became of the save, said above the receipt */
    notice,
    /** a fresh form: nothing chosen */
    reset: () => {
      setIsWanted(false);
      setLabel('');
      save.reset();
    },
  };
}

export type SaveNumber = ReturnType<typeof useSaveNumber>;

type SaveNumberOptionProps = {
  saving: SaveNumber;
  kind: BeneficiaryKind;
  /** the number in the form: the option shows only for a number not saved yet */
  number: string;
};

/** A tick box to save the number being bought for, and a name for it once ticked. */
export function SaveNumberOption({ saving, kind, number }: SaveNumberOptionProps) {
  const { data } = useBeneficiaries();
  const checkboxId = useId();
  const typed = savedFormOf(kind, number);
  // unknown until the saved numbers arrive: offering to save a number already saved would be confusing
  if (typed === null || data === undefined) return null;
  if (data.beneficiaries.some((beneficiary) => beneficiary.kind === kind && beneficiary.number === typed)) {
    return null;
  }
  return (
    <div className="flex flex-col gap-2 rounded-xl border border-gray-200 bg-white px-3 py-1">
      <div className="flex min-h-11 items-center gap-3">
        <input
          id={checkboxId}
          type="checkbox"
          checked={saving.isWanted}
          onChange={(event) => {
            saving.setIsWanted(event.target.checked);
          }}
          className="h-5 w-5 shrink-0 accent-brand-700"
        />
        <label htmlFor={checkboxId} className="flex-1 py-2 text-sm font-semibold text-gray-900">
          {savedNumberTexts.save[kind]}
        </label>
      </div>
      {saving.isWanted ? (
        <Input
          label={savedNumberTexts.labelField}
          type="text"
          autoComplete="off"
          maxLength={BENEFICIARY_LABEL_MAX}
          placeholder={savedNumberTexts.labelPlaceholder(kind)}
          hint={savedNumberTexts.labelHint}
          value={saving.label}
          className="pb-1"
          onChange={(event) => {
            saving.setLabel(event.target.value);
          }}
        />
      ) : null}
    </div>
  );
}
