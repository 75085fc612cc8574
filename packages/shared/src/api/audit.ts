import { z } from 'zod';
import { isCalendarDate } from '../periods.ts';

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Use at most ${max} characters.`)
    .optional()
    .transform((value) => (value ? value : undefined));

const calendarDate = (label: string) =>
  z
    .string()
    .refine(isCalendarDate, { error: `Enter the ${label} date as YYYY-MM-DD.` })
    .optional();

export const auditQuery = z.object({
  /** the admin's email or user id; `cli` for every operator command-line action */
  actor: optionalText(200),
  /** an action (`user.suspend`) or its family (`user`) */
  action: optionalText(100),
  targetType: optionalText(50),
  targetId: optionalText(100),
  /** the first Lagos calendar day shown */
  from: calendarDate('start'),
  /** the last Lagos calendar day shown */
  to: calendarDate('end'),
  /** the `nextCursor` of the page before */
  cursor: optionalText(64),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type AuditQuery = z.infer<typeof auditQuery>;

export const auditEntry = z.object({
  id: z.string(),
  at: z.string(),
  /** the admin's user id; null for the operator at the command line */
  actorId: z.string().nullable(),
  /** the admin's email, or `cli:<os user>` */
  actorLabel: z.string(),
  /** dotted verb, e.g. `user.suspend` */
  action: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  reason: z.string().nullable(),
  ip: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const auditResponse = z.object({
  entries: z.array(auditEntry),
  nextCursor: z.string().nullable(),
});
export type AuditResponse = z.infer<typeof auditResponse>;
