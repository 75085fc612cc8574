import { messages } from '@quickvend/shared/messages';
import { SkeletonList } from '@/components/ui/skeleton.tsx';
import { StatusMessage } from '@/components/ui/status-message.tsx';
import { useSettings } from '../api/get-settings.ts';
import { SettingCard } from './setting-card.tsx';

/**
 * Money settings under four eyes: any admin asks for a change within the setting's bounds, another approves it
 * (here or on the Approvals page), and the maker may withdraw it meanwhile.
 */
export function AdminSettingsPage() {
  const settings = useSettings();
  // ages as of the answer: the list is fetched again on focus and after each decision
  const now = settings.dataUpdatedAt;

  let content;
  if (settings.isPending)
    content = (
      <div aria-busy="true">
        <p className="mb-3 text-sm text-gray-700">{messages.admin.loading}</p>
        <SkeletonList rows={3} />
      </div>
    );
  else if (settings.isError)
    content = <StatusMessage message={`Error: ${settings.error.message}`} tone="error" />;
  else
    content = (
      <div className="grid gap-3 lg:grid-cols-2">
        {settings.data.settings.map((setting) => (
          <SettingCard key={setting.key} setting={setting} now={now} />
        ))}
      </div>
    );

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold text-gray-900">Settings</h1>
        <p className="text-sm text-gray-700">
          The amounts that govern wallets, deposits and rewards. Any admin may ask for a change; it takes
          effect only when a second admin approves it, and both are kept in the audit log.
        </p>
      </div>
      {content}
    </div>
  );
}
