import { useState } from 'react';
import type { Profile } from '@quickvend/shared/api/profile';
import { formatLagosDateTime } from '@quickvend/shared/format';
import { API_DOCS_PATH } from '@quickvend/shared/services';
import { ConfirmEmailNotice } from '@/components/account/confirm-email-notice.tsx';
import { Button } from '@/components/ui/button.tsx';
import { StatusMessage } from '@/components/ui/status-message.tsx';
import { errorMessageOf } from '@/lib/form-errors.ts';
import { useSession } from '@/lib/session.ts';
import { useSetPartnerAccess } from '../api/set-partner-access.ts';
import { ApiKeysSection } from './api-keys-section.tsx';
import { TestBalanceSection } from './test-balance-section.tsx';
import { WebhooksSection } from './webhooks-section.tsx';

export const developerTexts = {
  offIntro:
    'Do you resell airtime, data or bills from your own website, app or shop system? Partner access lets that ' +
    'system buy from your QuickVend wallet by itself, with API keys you create here.',
  offNote: 'Most customers do not need this. You can turn it off again once you have no active keys.',
  onIntro: (since: string) => `Partner access is on (since ${formatLagosDateTime(since)}).`,
  turnedOff: 'Partner access is off.',
  docsLink: 'API reference and quick start',
} as const;

/** Partner (reseller) access and, once it is on, the API keys. */
export function DevelopersSection({ profile }: { profile: Profile }) {
  const setPartnerAccess = useSetPartnerAccess();
  const isConfirmed = useSession().data?.emailConfirmed ?? false;
  const [status, setStatus] = useState<{ text: string; tone: 'success' | 'error' } | null>(null);
  const since = profile.partnerAccessSince;

  const turn = (enabled: boolean) => {
    setStatus(null);
    setPartnerAccess.mutate(enabled, {
      onSuccess: () => {
        if (!enabled) setStatus({ text: developerTexts.turnedOff, tone: 'success' });
      },
      onError: (cause) => {
        setStatus({ text: `Error: ${errorMessageOf(cause)}`, tone: 'error' });
      },
    });
  };

  return (
    <section
      aria-labelledby="developers-heading"
      className="flex flex-col gap-3 rounded-2xl border border-gray-200 bg-white p-4"
    >
      <h2 id="developers-heading" className="text-lg font-bold text-gray-900">
        Developers
      </h2>
      {/* the server's own page, not one of the app's: a full page load */}
      <a href={API_DOCS_PATH} className="self-start text-sm font-semibold text-brand-800 underline">
        {developerTexts.docsLink}
      </a>
      {since === null ? (
        <>
          <p className="text-sm text-gray-700">{developerTexts.offIntro}</p>
          <p className="text-sm text-gray-700">{developerTexts.offNote}</p>
          {isConfirmed ? (
            <>
              <StatusMessage message={status?.text} tone={status?.tone} />
              <Button
                variant="secondary"
                className="self-start"
                isBusy={setPartnerAccess.isPending}
                busyLabel="Turning on..."
                onClick={() => {
                  turn(true);
                }}
              >
                Turn on partner access
              </Button>
            </>
          ) : (
            <ConfirmEmailNotice />
          )}
        </>
      ) : (
        <>
          <p className="text-sm text-gray-700">{developerTexts.onIntro(since)}</p>
          <ConfirmEmailNotice />
          <ApiKeysSection />
          <TestBalanceSection />
          <WebhooksSection />
          <StatusMessage message={status?.text} tone={status?.tone} />
          <Button
            variant="text"
            className="self-start px-0"
            isBusy={setPartnerAccess.isPending}
            busyLabel="Turning off..."
            onClick={() => {
              turn(false);
            }}
          >
            Turn off partner access
          </Button>
        </>
      )}
    </section>
  );
}
