export type ProviderId = 'mtn' | 'glo' | 'airtel' | '9mobile' | 'dstv' | 'gotv' | 'startimes' | 'showmax';

type Badge = { label: string; background: string; foreground: string };

/** Simple coloured badges with the provider's name: no trademark artwork. */
const badges: Record<ProviderId, Badge> = {
  mtn: { label: 'MTN', background: '#FFCB05', foreground: '#111111' },
  glo: { label: 'Glo', background: '#1E7B34', foreground: '#FFFFFF' },
  airtel: { label: 'Airtel', background: '#D6000F', foreground: '#FFFFFF' },
  '9mobile': { label: '9mobile', background: '#00563B', foreground: '#FFFFFF' },
  dstv: { label: 'DStv', background: '#0057B8', foreground: '#FFFFFF' },
  gotv: { label: 'GOtv', background: '#003A8C', foreground: '#FFFFFF' },
  startimes: { label: 'StarTimes', background: '#F39200', foreground: '#111111' },
  showmax: { label: 'Showmax', background: '#111111', foreground: '#FFFFFF' },
};

export function providerLabel(provider: ProviderId): string {
  return badges[provider].label;
}

type ProviderLogoProps = { provider: ProviderId; className?: string; title?: string };

/** Decorative by default (the tile around it carries the name); pass `title` to make it an image. */
export function ProviderLogo({ provider, className = 'h-12 w-12', title }: ProviderLogoProps) {
  const badge = badges[provider];
  const fontSize = badge.label.length > 6 ? 11 : badge.label.length > 4 ? 14 : 18;
  return (
    <svg
      viewBox="0 0 64 64"
      className={className}
      {...(title ? { role: 'img', 'aria-label': title } : { 'aria-hidden': true })}
      focusable="false"
    >
      <rect width="64" height="64" rx="14" fill={badge.background} />
      <text
        x="32"
        y="33"
        textAnchor="middle"
        dominantBaseline="middle"
        fill={badge.foreground}
        fontFamily="system-ui, sans-serif"
        fontWeight="800"
        fontSize={fontSize}
      >
        {badge.label}
      </text>
    </svg>
  );
}
