import { useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { StatusMessage, type StatusTone } from '@/components/ui/status-message.tsx';
import { groupAccountNumber } from '@/lib/format.ts';
import { useCreateDedicatedAccount } from '../api/create-dedicated-account.ts';
import { useDedicatedAccount } from '../api/get-dedicated-account.ts';
import { FundingSection } from './funding-section.tsx';

/** The user's own account number: a transfer into it funds the wallet by itself. */
export function BankTransferSection() {
  const account = useDedicatedAccount();
  const createAccount = useCreateDedicatedAccount();
  const [status, setStatus] = useState<{ text: string; tone: StatusTone } | null>(null);
  const details = account.data?.account ?? null;
  const simulateTransferUrl = account.data?.simulateTransferUrl ?? null;

  const generate = async () => {
    setStatus(null);
    try {
      await createAccount.mutateAsync();
    } catch (error) {
      setStatus({
        text: `Error: ${error instanceof Error ? error.message : 'Please try again.'}`,
        tone: 'error',
      });
    }
  };

  const copy = async () => {
    if (!details) return;
    try {
      await navigator.clipboard.writeText(details.accountNumber);
      setStatus({ text: 'Account number copied', tone: 'success' });
    } catch {
      setStatus({ text: 'Copy failed: select the number and copy it by hand.', tone: 'error' });
    }
  };

  let body;
  if (account.isPending) {
    body = (
      <div aria-busy="true" className="flex flex-col gap-2">
        <span className="sr-only">Loading...</span>
        <Skeleton className="h-5 w-32" />
        <Skeleton className="h-9 w-48" />
        <Skeleton className="h-5 w-40" />
      </div>
    );
  } else if (details) {
    body = (
      <>
        <dl className="flex flex-col gap-2 rounded-xl bg-gray-50 p-3">
          <div>
            <dt className="text-xs font-semibold text-gray-600 uppercase">Bank</dt>
            <dd className="text-base font-semibold text-gray-900">{details.bankName}</dd>
          </div>
          <div>
            <dt className="text-xs font-semibold text-gray-600 uppercase">Account number</dt>
            <dd className="font-mono text-3xl font-bold tracking-wider text-gray-900 tabular-nums">
              {groupAccountNumber(details.accountNumber)}
            </dd>
          </div>
          <div>
            <dt className="text-xs font-semibold text-gray-600 uppercase">Account name</dt>
            <dd className="text-base font-semibold wrap-anywhere text-gray-900">{details.accountName}</dd>
          </div>
        </dl>
        <Button fullWidth onClick={() => void copy()}>
          Copy
        </Button>
        {simulateTransferUrl ? (
          <a
            href={simulateTransferUrl}
            className="inline-flex min-h-11 items-center justify-center text-sm font-semibold text-brand-800 underline underline-offset-4"
          >
            Simulate a transfer (sandbox)
          </a>
        ) : null}
      </>
    );
  } else {
    body = (
      <Button
        fullWidth
        isBusy={createAccount.isPending}
        busyLabel="Generating..."
        onClick={() => void generate()}
      >
        Generate Account Number
      </Button>
    );
  }

  return (
    <FundingSection
      id="transfer"
      title="Bank transfer"
      intro="Get an account number that is yours alone. Money you transfer into it is added to your wallet automatically, usually within minutes."
    >
      {account.isError ? <StatusMessage message={`Error: ${account.error.message}`} tone="error" /> : body}
      <StatusMessage message={status?.text} tone={status?.tone} />
    </FundingSection>
  );
}
