import { z } from 'zod';

/**
 * An amount of money in whole kobo as the API carries it: a plain integer in JSON, `Kobo` (money.ts) once
 * parsed. The brand is a type only, so parsing costs no more than `z.number().int()`.
 */
export const koboSchema = z.number().int().brand<'Kobo'>();
