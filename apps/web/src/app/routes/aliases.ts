import { paths, type PageKey } from '@/lib/paths.ts';

/**
 * Every route of the spec's route table and every sidebar target, by page. Matching ignores
 * letter case, so `/AirtimeTopUp`, `/airtimetopup` and `/AIRTIME` all reach the airtime page.
 * The canonical path itself is always an alias too, so a wrongly-cased canonical path redirects.
 */
export const aliasTable: Partial<Record<PageKey, readonly string[]>> = {
  login: ['/login'],
  signup: ['/signup', '/sign-up'],
  forgotPassword: ['/forgot-password', '/forgotpassword'],
  resetPassword: ['/reset-password', '/resetpassword'],
  adminLogin: ['/Adminlogin', '/admin-login', '/admin/login'],
  adminRegister: ['/AdminRegister', '/admin-register', '/admin/register'],
  dashboard: ['/dashboard'],
  buy: ['/buy'],
  account: ['/account'],
  airtime: ['/airtime', '/AirtimeTopUp', '/airtime-top-up'],
  data: ['/data', '/BuyData', '/BuyDataList', '/buy-data', '/buy_data'],
  dataPricing: ['/data-pricing', '/Pricing'],
  fundWallet: ['/fund-wallet', '/Fund', '/TopUp', '/top-up', '/fund_wallet'],
  wallet: ['/wallet', '/Balance', '/wallet-balance'],
  dstv: ['/dstv', '/PaybilsDstv', '/paybils_dstv', '/paybils-dstv'],
  gotv: ['/gotv', '/PaybilsGotv', '/paybils_gotv', '/paybils-gotv'],
  startimes: [
    '/startimes',
    '/Startime',
    '/PaybilsStartime',
    '/PaybilsStartimes',
    '/paybils_startime',
    '/paybils-startime',
  ],
  showmax: ['/showmax', '/PaybilsShowmax', '/paybils_showmax', '/paybils-showmax'],
  electricity: ['/electricity', '/PaybilsUtility', '/paybils_utility', '/paybils-utility'],
  examPins: ['/exam-pins', '/paybils_waec', '/PaybilsWaec', '/paybils-waec'],
  profile: ['/profile', '/Details'],
  transactions: ['/transactions', '/exchange'],
  changePin: ['/change-pin', '/ChangePin', '/change_pin'],
  refer: ['/refer'],
  referer: ['/referer'],
  admin: ['/admin'],
};

const EDIT_USER = /^\/edit[-_]?user\/([^/]+)$/i;

const lookup: ReadonlyMap<string, string> = (() => {
  const map = new Map<string, string>();
  for (const [page, aliases] of Object.entries(aliasTable) as [PageKey, readonly string[]][]) {
    for (const alias of aliases) {
      const key = alias.toLowerCase();
      const existing = map.get(key);
      if (existing !== undefined && existing !== paths[page]) {
        throw new Error(`Alias ${alias} points at two pages: ${existing} and ${paths[page]}`);
      }
      map.set(key, paths[page]);
    }
  }
  return map;
})();

function normalise(pathname: string): string {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  try {
    return decodeURIComponent(trimmed);
  } catch {
    return trimmed;
  }
}

/** The canonical path for a path of the old app (any letter case), or null for an unknown path. */
export function resolveAlias(pathname: string): string | null {
  const path = normalise(pathname);
  const direct = lookup.get(path.toLowerCase());
  if (direct !== undefined) return direct;
  const editUser = EDIT_USER.exec(path);
  if (editUser?.[1]) return `/edit-user/${encodeURIComponent(editUser[1])}`;
  return null;
}

/** Where an unmatched path should go instead, or null when it is not an alias (or already canonical). */
export function aliasRedirect(pathname: string): string | null {
  const target = resolveAlias(pathname);
  return target !== null && target !== pathname ? target : null;
}
