/** Words every page shares. */
export const commonMessages = {
  loading: 'Loading...',
  comingSoon: 'This feature is coming soon.',
  guest: 'Guest',
} as const;
