/** Money settings, each with its pending change (being built). */
export function AdminSettingsPage() {
  return <h1 className="text-lg font-semibold">Settings</h1>;
}
