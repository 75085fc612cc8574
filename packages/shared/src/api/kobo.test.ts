import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import type { Kobo } from '../money.ts';
import { koboSchema } from './kobo.ts';

describe('koboSchema', () => {
  it('reads whole kobo as Kobo and refuses a fraction of a kobo', () => {
    expectTypeOf<z.output<typeof koboSchema>>().toEqualTypeOf<Kobo>();
    expectTypeOf<z.input<typeof koboSchema>>().toEqualTypeOf<number>();
    expect(koboSchema.parse(150_000)).toBe(150_000);
    expect(koboSchema.safeParse(1.5).success).toBe(false);
    expect(koboSchema.safeParse('100').success).toBe(false);
  });
});
