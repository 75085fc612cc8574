/** The landing's words, shared by the page React draws and src/features/landing/live-landing.ts. */
export const landingTexts = {
  headline: 'Airtime, data and bills, paid in seconds, for less.',
  promise: 'Real-time top-ups · support 24/7 · discounted prices',
  contactIntro: 'Questions, a failed top-up, or a reseller account? Talk to us.',
} as const;

export const livePriceTexts = {
  unavailable: 'Prices could not be loaded just now.',
  seeAll: 'See all data prices',
} as const;
