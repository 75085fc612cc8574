import type { Kobo } from '@quickvend/shared/money';

/**
 * A response as a mock writes it, before the route's schema reads it: every `Kobo` a plain number, as JSON
 * carries it (the schema's input type), so fixtures write `amountKobo: 5000`.
 */
export type Wire<T> = T extends Kobo
  ? number
  : T extends readonly (infer U)[]
    ? Wire<U>[]
    : T extends object
      ? { [K in keyof T]: Wire<T[K]> }
      : T;
