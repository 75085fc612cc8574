import { z } from 'zod';

/** The answer of a request that was accepted and has nothing else to say. */
export const okResponse = z.object({ ok: z.literal(true) });
