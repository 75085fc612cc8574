/*
 * A new customer's first steps (set a PIN, fund the wallet) as the dashboard last found them, kept on this
 * device. The dashboard draws them at first paint from here, where they stay, instead of pushing the page
 * down once three answers have come.
 */
export type FirstStep = 'pin' | 'fund';

const KEY = 'quickvend.firstSteps';

const isFirstStep = (value: unknown): value is FirstStep => value === 'pin' || value === 'fund';

export function rememberFirstSteps(userId: string, steps: readonly FirstStep[]): void {
  try {
    window.localStorage.setItem(KEY, JSON.stringify({ userId, steps }));
  } catch {
    // storage refused: the steps are drawn once the answers come
  }
}

/** The steps last found for this user here; none when unknown. */
export function rememberedFirstSteps(userId: string): FirstStep[] {
  try {
    const kept: unknown = JSON.parse(window.localStorage.getItem(KEY) ?? 'null');
    if (typeof kept !== 'object' || kept === null) return [];
    const { userId: keptFor, steps } = kept as { userId?: unknown; steps?: unknown };
    return keptFor === userId && Array.isArray(steps) ? steps.filter(isFirstStep) : [];
  } catch {
    return [];
  }
}
