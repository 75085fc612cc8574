import { Link } from '@/lib/router/index.ts';
import type { SupportContact } from '@quickvend/shared/api/meta';
import { messages } from '@quickvend/shared/messages';
import { PRODUCT_NAME } from '@quickvend/shared/services';
import { NavIcon, type NavIconName } from '@/components/layouts/nav-icon.tsx';
import { Icon } from '@/components/ui/icons.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { paths } from '@/lib/paths.ts';
import { useSession } from '@/lib/session.ts';
import { telHref } from '../support.ts';
import { useMeta } from '@/lib/api/get-meta.ts';
import { useLogout } from '@/lib/api/sign-out.ts';

type AccountLink = { label: string; hint: string; to: string; icon: NavIconName; isExternal?: boolean };

const rowClasses =
  'flex min-h-16 items-center gap-3 px-4 py-3 hover:bg-gray-50 focus-visible:outline-3 focus-visible:outline-offset-[-3px] focus-visible:outline-brand-500';

function LinkRow({ item }: { item: AccountLink }) {
  const content = (
    <>
      <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        <NavIcon name={item.icon} />
      </span>
      <span className="flex min-w-0 flex-1 flex-col">
        <span className="font-semibold text-gray-900">{item.label}</span>
        <span className="text-sm text-gray-600">{item.hint}</span>
      </span>
      <NavIcon name="forward" className="h-5 w-5 shrink-0 text-gray-400" />
    </>
  );
  return (
    <li>
      {item.isExternal ? (
        <a
          href={item.to}
          className={rowClasses}
          {...(item.to.startsWith('http') ? { target: '_blank', rel: 'noreferrer' } : {})}
        >
          {content}
        </a>
      ) : (
        <Link to={item.to} className={rowClasses}>
          {content}
        </Link>
      )}
    </li>
  );
}

function LinkList({ label, items }: { label: string; items: AccountLink[] }) {
  return (
    <ul
      aria-label={label}
      className="divide-y divide-gray-100 overflow-hidden rounded-2xl border border-gray-200 bg-white"
    >
      {items.map((item) => (
        <LinkRow key={item.to} item={item} />
      ))}
    </ul>
  );
}

const settings: AccountLink[] = [
  {
    label: 'Profile and security',
    hint: 'Your details, PIN, password, devices and your data',
    to: paths.profile,
    icon: 'user',
  },
  {
    label: 'Saved numbers',
    hint: 'Phone numbers, smart cards and meters you buy for',
    to: paths.beneficiaries,
    icon: 'list',
  },
  {
    label: 'Forgot your PIN?',
    hint: 'Get a link by email to set a new one',
    to: paths.changePin,
    icon: 'key',
  },
  {
    label: 'Refer and earn',
    hint: 'Invite friends and earn when they first add money',
    to: paths.refer,
    icon: 'gift',
  },
  { label: 'Data prices', hint: 'Every data bundle and what it costs', to: paths.dataPricing, icon: 'tag' },
];

/** Only the ways to reach the business that it has configured. */
function helpLinks(support: SupportContact | undefined): AccountLink[] {
  if (!support) return [];
  const links: AccountLink[] = [];
  if (support.phone) {
    links.push({
      label: 'Call support',
      hint: support.phone,
      to: telHref(support.phone),
      icon: 'phone',
      isExternal: true,
    });
  }
  if (support.whatsappUrl) {
    links.push({
      label: 'Chat on WhatsApp',
      hint: 'Message our support team',
      to: support.whatsappUrl,
      icon: 'mobile',
      isExternal: true,
    });
  }
  if (support.email) {
    links.push({
      label: 'Email support',
      hint: support.email,
      to: `mailto:${support.email}`,
      icon: 'bills',
      isExternal: true,
    });
  }
  return links;
}

const backOffice: AccountLink = {
  label: 'Back office',
  hint: 'Users, purchases, prices and reports',
  to: paths.admin,
  icon: 'shield',
};

/** `/account`: who is signed in, their settings, help, the back office for admins, and logging out. */
export function AccountPage() {
  const { data: user } = useSession();
  const { logout, isLoggingOut } = useLogout();
  const help = helpLinks(useMeta().data?.support);
  const name = user?.name.trim() || messages.wallet.noUsername;
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-5">
      <title>{`Account · ${PRODUCT_NAME}`}</title>
      <h1 className="text-2xl font-bold text-gray-900">Account</h1>
      <section
        aria-label="Signed in as"
        className="flex items-center gap-3 rounded-2xl border border-gray-200 bg-white p-4"
      >
        <span
          aria-hidden="true"
          className="flex h-12 w-12 shrink-0 items-center justify-center rounded-full bg-brand-700 text-lg font-bold text-white"
        >
          {user ? name.charAt(0).toUpperCase() : null}
        </span>
        <span className="flex min-w-0 flex-col">
          {user ? (
            <>
              <span className="font-semibold text-gray-900">{name}</span>
              <span className="text-sm wrap-anywhere text-gray-600">{user.email}</span>
            </>
          ) : (
            <>
              <Skeleton className="h-5 w-32" />
              <Skeleton className="mt-1 h-4 w-48" />
            </>
          )}
        </span>
      </section>
      {user?.role === 'admin' ? <LinkList label="Administration" items={[backOffice]} /> : null}
      <LinkList label="Settings" items={settings} />
      {help.length > 0 ? <LinkList label="Help" items={help} /> : null}
      <button
        type="button"
        onClick={logout}
        disabled={isLoggingOut}
        className="flex min-h-12 items-center justify-center gap-2 rounded-2xl border border-gray-200 bg-white px-4 font-semibold text-red-700 hover:bg-red-50 focus-visible:outline-3 focus-visible:outline-brand-500 disabled:opacity-70"
      >
        <Icon name="logout" />
        {isLoggingOut ? 'Logging out...' : 'Logout'}
      </button>
    </div>
  );
}
