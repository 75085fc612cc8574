import { z } from 'zod';

// VTpass sends naira as numbers on some pages and as strings ("7700.00") on others
export const wireNaira = z.union([z.number(), z.string()]);
const wireText = z.string().nullish().catch(null);
const wireId = z.union([z.string(), z.number()]).transform(String).nullish().catch(null);
// codes are strings ("000"); a numeric code loses its leading zeros
const wireCode = z.union([
  z.string().transform((code) => code.trim()),
  z.number().transform((code) => String(code).padStart(3, '0')),
]);

export const vtpassTransactionDate = z.union([
  z.string(),
  z.looseObject({ date: z.string(), timezone_type: z.number().nullish(), timezone: z.string().nullish() }),
]);

export const vtpassCard = z.looseObject({
  Serial: z.union([z.string(), z.number()]).transform(String).nullish(),
  Pin: z.union([z.string(), z.number()]).transform(String),
});

export const vtpassTransaction = z.looseObject({
  status: wireText,
  transactionId: wireId,
  product_name: wireText,
  unique_element: wireId,
  amount: wireNaira.nullish().catch(null),
  commission: wireNaira.nullish().catch(null),
  total_amount: wireNaira.nullish().catch(null),
});
export type VtpassTransaction = z.infer<typeof vtpassTransaction>;

/** The /pay and /requery envelope, old (flat) and new (`content.transactions`); failures may carry no content. */
export const vtpassPayResponse = z.looseObject({
  code: wireCode,
  response_description: wireText,
  requestId: wireId,
  transactionId: wireId,
  amount: wireNaira.nullish().catch(null),
  transaction_date: vtpassTransactionDate.nullish().catch(null),
  content: z
    .looseObject({ transactions: vtpassTransaction.nullish().catch(null) })
    .nullish()
    .catch(null),
  purchased_code: wireText,
  token: wireId,
  mainToken: wireId,
  Token: wireId,
  Pin: wireId,
  cards: z.array(vtpassCard).nullish().catch(null),
  tokens: z
    .array(z.union([z.string(), z.number()]).transform(String))
    .nullish()
    .catch(null),
});
export type VtpassPayResponse = z.infer<typeof vtpassPayResponse>;

export type VtpassPayRequest = {
  request_id: string;
  serviceID: string;
  phone: string;
  amount?: string;
  billersCode?: string;
  variation_code?: string;
  subscription_type?: 'change' | 'renew';
  quantity?: number;
};

/** A refusal on the catalogue endpoints: `{ code: "087", response_description: "INVALID CREDENTIALS" }`. */
export const vtpassRefusal = z.looseObject({
  code: wireCode.refine((code) => code !== '000'),
  response_description: wireText,
});

export const vtpassVariation = z.looseObject({
  variation_code: z.string().min(1),
  name: z.string(),
  variation_amount: wireNaira,
  fixedPrice: wireText,
});
export type VtpassVariation = z.infer<typeof vtpassVariation>;

export const vtpassVariationsResponse = z.looseObject({
  response_description: wireText,
  content: z.looseObject({
    ServiceName: wireText,
    serviceID: wireText,
    variations: z.array(vtpassVariation).nullish(),
    varations: z.array(vtpassVariation).nullish(),
  }),
});
export type VtpassVariationsResponse = z.infer<typeof vtpassVariationsResponse>;

/** `{ rate: "1.50", rate_type: "percent" }`: what VTpass keeps off the face value for the merchant. */
export const vtpassCommissionDetails = z.looseObject({
  rate: wireNaira.nullish().catch(null),
  rate_type: wireText,
});

export const vtpassService = z.looseObject({
  serviceID: z.string().min(1),
  name: z.string(),
  minimium_amount: wireNaira.nullish().catch(null),
  maximum_amount: wireNaira.nullish().catch(null),
  commission_details: vtpassCommissionDetails.nullish().catch(null),
});
export type VtpassService = z.infer<typeof vtpassService>;

export const vtpassServicesResponse = z.looseObject({
  response_description: wireText,
  content: z.array(vtpassService),
});

export const vtpassBalanceResponse = z.looseObject({
  code: z.union([z.number(), z.string()]),
  contents: z.looseObject({ balance: wireNaira }),
});

export const vtpassVerifyResponse = z.looseObject({
  code: wireCode,
  response_description: wireText,
  content: z.record(z.string(), z.unknown()).nullish().catch(null),
});
export type VtpassVerifyResponse = z.infer<typeof vtpassVerifyResponse>;

export const vtpassCallbackBody = z.looseObject({
  type: z.string(),
  serviceID: wireText,
  data: z
    .looseObject({
      requestId: wireId,
      request_id: wireId,
      serviceID: wireText,
      content: z.looseObject({ serviceID: wireText }).nullish().catch(null),
    })
    .nullish()
    .catch(null),
});
