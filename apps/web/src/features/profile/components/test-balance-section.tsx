import { useState } from 'react';
import { formatNaira, kobo } from '@quickvend/shared/money';
import { Button } from '@/components/ui/button.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { StatusMessage } from '@/components/ui/status-message.tsx';
import { errorMessageOf } from '@/lib/form-errors.ts';
import { useTestBalance } from '../api/get-test-balance.ts';
import { useTopUpTestBalance } from '../api/top-up-test-balance.ts';

export const testBalanceTexts = {
  intro:
    'Test keys spend this balance, not your wallet. Their purchases go to our sandbox, so you can try every ' +
    'answer (delivered, failed, pending) without spending real money.',
  toppedUp: (balance: string) => `Done. Your test balance is now ${balance}.`,
} as const;

const TOP_UP_NAIRA = [5_000, 50_000] as const;

/** The balance test keys spend, with free top-ups. */
export function TestBalanceSection() {
  const balance = useTestBalance();
  const topUp = useTopUpTestBalance();
  const [status, setStatus] = useState<{ text: string; tone: 'success' | 'error' } | null>(null);

  return (
    <section aria-labelledby="test-balance-heading" className="flex flex-col gap-2">
      <h3 id="test-balance-heading" className="text-base font-bold text-gray-900">
        Test balance
      </h3>
      <p className="text-sm text-gray-700">{testBalanceTexts.intro}</p>
      {balance.isPending ? (
        <Skeleton className="h-8 w-32" />
      ) : balance.isError ? (
        <StatusMessage message={`Error: ${errorMessageOf(balance.error)}`} tone="error" />
      ) : (
        <p className="text-2xl font-bold text-gray-900" aria-label="Test balance">
          {formatNaira(balance.data.balanceKobo)}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {TOP_UP_NAIRA.map((naira) => (
          <Button
            key={naira}
            variant="secondary"
            isBusy={topUp.isPending && topUp.variables.amount === naira}
            busyLabel="Adding..."
            disabled={topUp.isPending}
            onClick={() => {
              setStatus(null);
              topUp.mutate(
                { amount: naira },
                {
                  onSuccess: (after) => {
                    setStatus({
                      text: testBalanceTexts.toppedUp(formatNaira(after.balanceKobo)),
                      tone: 'success',
                    });
                  },
                  onError: (cause) => {
                    setStatus({ text: `Error: ${errorMessageOf(cause)}`, tone: 'error' });
                  },
                },
              );
            }}
          >
            Add {formatNaira(kobo(naira * 100))} test money
          </Button>
        ))}
      </div>
      <StatusMessage message={status?.text} tone={status?.tone} />
    </section>
  );
}
