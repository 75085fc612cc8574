import { useEffect, useRef, useState } from 'react';
import {
  referralTexts,
  type Referral,
  type ReferralStatus,
  type ReferralsResponse,
} from '@quickvend/shared/api/referrals';
import { formatLagosDateTime } from '@quickvend/shared/format';
import { messages } from '@quickvend/shared/messages';
import { formatNaira } from '@quickvend/shared/money';
import { PRODUCT_NAME } from '@quickvend/shared/services';
import { Button } from '@/components/ui/button.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { StatusBadge, type BadgeTone } from '@/components/ui/status-badge.tsx';
import { StatusMessage } from '@/components/ui/status-message.tsx';
import { useReferrals } from '../api/get-referrals.ts';
import { useMarkRewardsSeen } from '../api/mark-rewards-seen.ts';

/** The spec: the copy message and the reward message each stay 5 seconds. */
export const REFERRAL_MESSAGE_MS = 5_000;

type Notice = { text: string; tone: 'success' | 'error' };

/** A message that leaves by itself after the spec's 5 seconds. */
function useFleetingNotice() {
  const [notice, setNotice] = useState<Notice | null>(null);
  useEffect(() => {
    if (notice === null) return;
    const timer = window.setTimeout(() => {
      setNotice(null);
    }, REFERRAL_MESSAGE_MS);
    return () => {
      window.clearTimeout(timer);
    };
  }, [notice]);
  return [notice, setNotice] as const;
}

/**
 * Rewards paid since the last visit are announced once, in green for 5 seconds, and the server is told they
 * have been seen. A reward that lands while the page is open (the live balance refreshes the list) is
 * announced too.
 */
function useRewardNotice(data: ReferralsResponse | undefined, dataUpdatedAt: number): Notice | null {
  const [notice, setNotice] = useFleetingNotice();
  const [announcedAt, setAnnouncedAt] = useState(0);
  if (data !== undefined && data.newRewardsKobo > 0 && dataUpdatedAt !== announcedAt) {
    setAnnouncedAt(dataUpdatedAt);
    setNotice({
      text: `You earned ${formatNaira(data.newRewardsKobo)} from referrals since your last visit.`,
      tone: 'success',
    });
  }
  const seen = useMarkRewardsSeen();
  const { mutate: markSeen } = seen;
  const toldAt = useRef(0);
  useEffect(() => {
    if (announcedAt === 0 || toldAt.current === announcedAt) return;
    toldAt.current = announcedAt;
    markSeen();
  }, [announcedAt, markSeen]);
  return notice;
}

function LinkSkeleton() {
  return (
    <div className="flex flex-col gap-2" aria-hidden="true">
      <Skeleton className="h-4 w-32" />
      <Skeleton className="h-11 w-full" />
      <Skeleton className="h-11 w-full sm:w-40" />
    </div>
  );
}

function ListSkeleton() {
  return (
    <ul aria-hidden="true" className="flex flex-col gap-2">
      {Array.from({ length: 3 }, (_, index) => (
        <li key={index} className="flex flex-col gap-2 rounded-xl border border-gray-200 bg-white px-3 py-3">
          <div className="flex justify-between">
            <Skeleton className="h-4 w-24" />
            <Skeleton className="h-5 w-16" />
          </div>
          <Skeleton className="h-3 w-3/4" />
        </li>
      ))}
    </ul>
  );
}

function ShareLink({ referrals }: { referrals: ReferralsResponse }) {
  const [notice, setNotice] = useFleetingNotice();
  const canShare = 'share' in navigator;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(referrals.link);
      setNotice({ text: messages.referrals.linkCopied, tone: 'success' });
    } catch {
      setNotice({ text: 'We could not copy the link. Select it and copy it by hand.', tone: 'error' });
    }
  };

  const share = async () => {
    try {
      await navigator.share({
        title: `Join me on ${PRODUCT_NAME}`,
        text: `Buy airtime, data and pay bills on ${PRODUCT_NAME}. Sign up with my link:`,
        url: referrals.link,
      });
    } catch {
      // the customer closed the share sheet: nothing to say
    }
  };

  return (
    <div className="flex flex-col gap-3">
      <Input
        label="Your referral link"
        value={referrals.link}
        readOnly
        hint={`Your code: ${referrals.code}`}
        onFocus={(event) => {
          event.currentTarget.select();
        }}
        className="[&_input]:text-sm"
      />
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button onClick={() => void copy()} className="sm:min-w-40">
          Copy Link
        </Button>
        {canShare ? (
          <Button variant="secondary" onClick={() => void share()} className="sm:min-w-40">
            Share
          </Button>
        ) : null}
      </div>
      <StatusMessage message={notice?.text} tone={notice?.tone} />
    </div>
  );
}

const BADGES: Record<ReferralStatus, { label: string; tone: BadgeTone }> = {
  pending: { label: 'Pending', tone: 'warning' },
  success: { label: 'Paid', tone: 'success' },
  declined: { label: referralTexts.notRewarded, tone: 'neutral' },
};

function ReferralRow({ referral }: { referral: Referral }) {
  const isPaid = referral.status === 'success';
  const badge = BADGES[referral.status];
  return (
    <li className="flex items-start justify-between gap-3 rounded-xl border border-gray-200 bg-white px-3 py-3">
      <div className="flex min-w-0 flex-col">
        <span className="font-semibold text-gray-900">{referral.name}</span>
        <span className="text-sm wrap-anywhere text-gray-600">{referral.email}</span>
        <span className="text-xs text-gray-600">Joined {formatLagosDateTime(referral.joinedAt)}</span>
        {referral.status === 'declined' ? (
          <span className="text-sm text-gray-800">
            {referral.declinedReason ? referralTexts.declined[referral.declinedReason] : referralTexts.rule}
          </span>
        ) : null}
      </div>
      <div className="flex shrink-0 flex-col items-end gap-1">
        <StatusBadge label={badge.label} tone={badge.tone} />
        {isPaid && referral.rewardKobo !== null ? (
          <span className="text-sm font-semibold text-green-800 tabular-nums">
            +{formatNaira(referral.rewardKobo)}
          </span>
        ) : null}
      </div>
    </li>
  );
}

function ReferralList({ referrals }: { referrals: Referral[] }) {
  if (referrals.length === 0) {
    return (
      <EmptyState title={messages.referrals.empty}>
        Share your link: friends who sign up with it are listed here.
      </EmptyState>
    );
  }
  return (
    <ul aria-label="Your referrals" className="flex flex-col gap-2">
      {referrals.map((referral) => (
        <ReferralRow key={`${referral.joinedAt}-${referral.email}`} referral={referral} />
      ))}
    </ul>
  );
}

/**
 * The refer-and-earn panel: the customer's link to copy or share, how the reward works, what it has
 * earned, and the friends who signed up with it. Shown inside the dashboard (`/refer`) and alone
 * (`/referer`).
 */
export function ReferralPanel() {
  const query = useReferrals();
  const rewardNotice = useRewardNotice(query.data, query.dataUpdatedAt);
  const data = query.data;

  if (data === undefined && query.isError) {
    return (
      <div className="flex flex-col gap-2">
        <StatusMessage
          message="We could not load your referrals. Check your connection and try again."
          tone="error"
        />
        <Button variant="secondary" onClick={() => void query.refetch()} isBusy={query.isFetching}>
          Try again
        </Button>
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-4" aria-busy={data === undefined || undefined}>
      {data === undefined ? <p className="sr-only">{messages.common.loading}</p> : null}
      <StatusMessage message={rewardNotice?.text} tone={rewardNotice?.tone} />
      <section
        aria-labelledby="referral-link-heading"
        className="flex flex-col gap-3 rounded-2xl border border-gray-200 bg-white p-4"
      >
        <h2 id="referral-link-heading" className="text-lg font-bold text-gray-900">
          Invite friends, earn money
        </h2>
        {data === undefined ? (
          <>
            <Skeleton className="h-5 w-full" />
            <LinkSkeleton />
          </>
        ) : (
          <>
            <p className="text-base text-gray-800">
              You get {formatNaira(data.rewardKobo)} when a friend you invite adds money to their wallet for
              the first time.
            </p>
            <p className="text-sm text-gray-700">{referralTexts.rule}</p>
            <ShareLink referrals={data} />
          </>
        )}
      </section>
      <section
        aria-labelledby="referral-earned-heading"
        className="grid grid-cols-2 gap-3 rounded-2xl border border-gray-200 bg-white p-4"
      >
        <h2 id="referral-earned-heading" className="sr-only">
          Your earnings
        </h2>
        <div className="flex flex-col">
          <span className="text-sm font-semibold text-gray-600">Earned so far</span>
          {data === undefined ? (
            <Skeleton className="mt-1 h-7 w-24" />
          ) : (
            <span className="text-xl font-extrabold text-gray-900 tabular-nums">
              {formatNaira(data.earnedKobo)}
            </span>
          )}
        </div>
        <div className="flex flex-col">
          <span className="text-sm font-semibold text-gray-600">Friends joined</span>
          {data === undefined ? (
            <Skeleton className="mt-1 h-7 w-12" />
          ) : (
            <span className="text-xl font-extrabold text-gray-900 tabular-nums">{data.referrals.length}</span>
          )}
        </div>
      </section>
      <section aria-labelledby="referral-list-heading" className="flex flex-col gap-2">
        <h2 id="referral-list-heading" className="text-lg font-bold text-gray-900">
          Your referrals
        </h2>
        {data === undefined ? <ListSkeleton /> : <ReferralList referrals={data.referrals} />}
      </section>
    </div>
  );
}
