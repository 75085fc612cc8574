import { useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Select } from '@/components/ui/select.tsx';
import type { AuditFilters } from '../api/get-audit-log.ts';

/** What the back office audits, as a target type and the words an admin knows it by. */
export const TARGET_TYPES: Record<string, string> = {
  user: 'User',
  purchase: 'Purchase',
  funding: 'Funding',
  manual_deposit: 'Manual deposit',
  approval: 'Approval',
  price_rule: 'Price rule',
  setting: 'Setting',
  invitation: 'Invitation',
};

type AuditFiltersFormProps = { filters: AuditFilters; onApply: (filters: AuditFilters) => void };

/** Who, what, on which target and when; applied together with Filter. */
export function AuditFiltersForm({ filters, onApply }: AuditFiltersFormProps) {
  const [draft, setDraft] = useState<AuditFilters>(filters);
  const [problem, setProblem] = useState<string | undefined>();
  const field = (key: keyof AuditFilters) => ({
    value: draft[key] ?? '',
    onChange: (event: { target: { value: string } }) => {
      setDraft((current) => ({ ...current, [key]: event.target.value }));
    },
  });
  const knownType = !draft.targetType || draft.targetType in TARGET_TYPES;

  return (
    <form
      aria-label="Filter the audit log"
      className="grid grid-cols-1 gap-3 rounded-xl border border-gray-200 bg-white p-4 sm:grid-cols-2 xl:grid-cols-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (draft.from && draft.to && draft.from > draft.to) {
          setProblem('The end date must be on or after the start date.');
          return;
        }
        setProblem(undefined);
        onApply(draft);
      }}
    >
      <Input label="Who" placeholder="Admin's email, or cli" autoComplete="off" {...field('actor')} />
      <Input label="Action" placeholder="e.g. user.suspend or user" autoComplete="off" {...field('action')} />
      <Select label="Target" {...field('targetType')}>
        <option value="">Anything</option>
        {Object.entries(TARGET_TYPES).map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
        {knownType ? null : <option value={draft.targetType}>{draft.targetType}</option>}
      </Select>
      <Input label="Target id" placeholder="usr_…, pur_…" autoComplete="off" {...field('targetId')} />
      <Input label="From" type="date" {...field('from')} />
      <Input label="To" type="date" {...field('to')} error={problem} />
      <div className="flex items-start gap-2 sm:col-span-2 xl:mt-6">
        <Button type="submit">Filter</Button>
        <Button
          variant="text"
          onClick={() => {
            setDraft({});
            setProblem(undefined);
            onApply({});
          }}
        >
          Clear
        </Button>
      </div>
    </form>
  );
}
