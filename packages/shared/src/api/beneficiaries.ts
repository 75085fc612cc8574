import { z } from 'zod';
import { BENEFICIARY_KINDS, BENEFICIARY_LABEL_MAX, beneficiaryTexts } from '../beneficiaries.ts';
import { METER_TYPES } from '../services.ts';

export const beneficiaryKind = z.enum(BENEFICIARY_KINDS);
/** only a meter has one; the server refuses it for another kind */
export const beneficiaryMeterType = z.enum(METER_TYPES, { error: beneficiaryTexts.invalidMeterType });

const label = z
  .string()
  .trim()
  .min(1, beneficiaryTexts.labelRequired)
  .max(BENEFICIARY_LABEL_MAX, beneficiaryTexts.labelTooLong);
/** checked per kind by the server (`readBeneficiaryNumber`); this only bounds what is read */
const number = z.string().trim().min(1).max(30);

/** A number the customer buys for, with the name they know it by. */
export const beneficiary = z.object({
  id: z.string(),
  kind: beneficiaryKind,
  /** a phone in its 11-digit national form; a smart card, meter or profile ID as digits */
  number: z.string(),
  label: z.string(),
  /** the service it was last bought for (a network, a TV, a distributor, JAMB), when known */
  serviceId: z.string().nullable(),
  /** the name the provider verified for a smart card, meter or profile */
  customerName: z.string().nullable(),
  /** a meter's type, once known; null for other kinds and for meters saved before it was kept */
  meterType: beneficiaryMeterType.nullable(),
  lastUsedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Beneficiary = z.infer<typeof beneficiary>;

export const listBeneficiariesQuery = z.object({ kind: beneficiaryKind.optional() });

/** Most recently used first; `limit` is how many one customer may keep. */
export const beneficiariesResponse = z.object({
  beneficiaries: z.array(beneficiary),
  limit: z.number().int(),
});
export type BeneficiariesResponse = z.infer<typeof beneficiariesResponse>;

/** Saves a number; when the same number of that kind is already saved, it takes this name instead. */
export const saveBeneficiaryBody = z.object({
  kind: beneficiaryKind,
  number,
  label,
  serviceId: z.string().trim().min(1).max(64).nullish(),
  /** a meter's type; left out or null keeps what is saved */
  meterType: beneficiaryMeterType.nullish(),
});
export type SaveBeneficiaryBody = z.input<typeof saveBeneficiaryBody>;

/** A new name, number, service or meter type for a saved number; what is left out stays as it is. */
export const updateBeneficiaryBody = z.object({
  label,
  number: number.optional(),
  serviceId: z.string().trim().min(1).max(64).nullish(),
  /** null forgets a meter's type */
  meterType: beneficiaryMeterType.nullish(),
});
export type UpdateBeneficiaryBody = z.input<typeof updateBeneficiaryBody>;

export const beneficiaryResponse = z.object({ beneficiary });
export type BeneficiaryResponse = z.infer<typeof beneficiaryResponse>;

export const beneficiaryParams = z.object({ id: z.string().min(1).max(64) });
