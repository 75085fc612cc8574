import { DailyReconciliationSection } from './daily-reconciliation-section.tsx';
import { ProviderLossesSection } from './provider-losses-section.tsx';

/** Our books against VTpass's. */
export function AdminReconciliationPage() {
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-lg font-semibold">Reconciliation</h1>
      <ProviderLossesSection />
      <DailyReconciliationSection />
    </div>
  );
}
