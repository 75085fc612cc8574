/** Our books against the provider's (being built). */
export function AdminReconciliationPage() {
  return <h1 className="text-lg font-semibold">Reconciliation</h1>;
}
