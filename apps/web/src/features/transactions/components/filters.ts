import { purchaseKind, type PurchaseKind, type PurchaseStatus } from '@quickvend/shared/api/purchases';
import { SERVICE_CATALOGUE } from '@quickvend/shared/catalog';
import { purchaseStatusLabels } from '@/components/purchases/purchase-status-badge.tsx';

type Filter<Id extends string = string> = { id: Id; label: string };

const kindLabels: Record<PurchaseKind, string> = {
  airtime: 'Airtime',
  data: 'Data',
  tv: 'TV and streaming',
  electricity: 'Electricity',
  education: 'Exam PINs',
};

/** The service filter: the catalogue's services by their names, grouped by kind. */
export const serviceFilterGroups: { label: string; filters: Filter[] }[] = purchaseKind.options.map(
  (kind) => ({
    label: kindLabels[kind],
    filters: SERVICE_CATALOGUE.filter((service) => service.kind === kind).map(({ id, name }) => ({
      id,
      label: name,
    })),
  }),
);

export const statusFilters: Filter<PurchaseStatus>[] = (
  Object.entries(purchaseStatusLabels) as [PurchaseStatus, string][]
).map(([id, label]) => ({ id, label }));
