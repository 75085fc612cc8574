import { describe, expect, it } from 'vitest';
import { paths } from '@/lib/paths.ts';
import { aliasRedirect, aliasTable, resolveAlias } from './aliases.ts';

describe('resolveAlias', () => {
  it.each([
    ['/AirtimeTopUp', paths.airtime],
    ['/airtimetopup', paths.airtime],
    ['/Airtime', paths.airtime],
    ['/AIRTIME', paths.airtime],
    ['/BuyData', paths.data],
    ['/BuyDataList', paths.data],
    ['/buyData', paths.data],
    ['/Fund', paths.fundWallet],
    ['/TopUp', paths.fundWallet],
    ['/topUp', paths.fundWallet],
    ['/fund', paths.fundWallet],
    ['/Pricing', paths.dataPricing],
    ['/PaybilsDstv', paths.dstv],
    ['/Dstv', paths.dstv],
    ['/paybils_dstv', paths.dstv],
    ['/PaybilsGotv', paths.gotv],
    ['/paybils_gotv', paths.gotv],
    ['/PaybilsStartime', paths.startimes],
    ['/Startimes', paths.startimes],
    ['/paybils_startime', paths.startimes],
    ['/PaybilsShowmax', paths.showmax],
    ['/paybilsShowmax', paths.showmax],
    ['/PaybilsUtility', paths.electricity],
    ['/paybils_utility', paths.electricity],
    ['/paybils_waec', paths.examPins],
    ['/Profile', paths.profile],
    ['/Details', paths.profile],
    ['/DETAILS', paths.profile],
    ['/transactions', paths.transactions],
    ['/exchange', paths.transactions],
    ['/ChangePin', paths.changePin],
    ['/change_pin', paths.changePin],
    ['/changePin', paths.changePin],
    ['/Refer', paths.refer],
    ['/Referer', paths.referer],
    ['/Balance', paths.wallet],
    ['/wallet', paths.wallet],
    ['/adminlogin', paths.adminLogin],
    ['/ADMINREGISTER', paths.adminRegister],
    ['/Admin', paths.admin],
    ['/Login', paths.login],
    ['/SignUp', paths.signup],
    ['/Forgot-Password', paths.forgotPassword],
    ['/Dashboard/', paths.dashboard],
  ])('%s -> %s', (alias, canonical) => {
    expect(resolveAlias(alias)).toBe(canonical);
  });

  it('keeps the user id of an edit-user link', () => {
    expect(resolveAlias('/Edit-User/usr_42')).toBe('/edit-user/usr_42');
  });

  it('knows nothing of unknown paths', () => {
    expect(resolveAlias('/whatever')).toBeNull();
    expect(resolveAlias('/airtime/extra')).toBeNull();
  });

  it('lists every canonical page as its own alias, so a wrongly cased canonical path redirects', () => {
    for (const [page, aliases] of Object.entries(aliasTable)) {
      expect(aliases.map((alias) => alias.toLowerCase())).toContain(
        paths[page as keyof typeof paths].toLowerCase(),
      );
    }
  });

  it('covers every sidebar target of the spec', () => {
    const sidebarTargets = [
      'airtime',
      'buyData',
      'topUp',
      'fund',
      'wallet',
      'transactions',
      'Adminlogin',
      'pricing',
      'paybilsDstv',
      'paybilsGotv',
      'paybilsStartime',
      'paybilsShowmax',
      'refer',
      'profile',
      'changePin',
      'paybils_dstv',
      'paybils_gotv',
      'paybils_startime',
      'paybils_waec',
      'paybils_utility',
      'change_pin',
      'login',
    ];
    const missing = sidebarTargets.filter((target) => resolveAlias(`/${target}`) === null);
    expect(missing).toEqual([]);
  });
});

describe('aliasRedirect', () => {
  it('redirects an alias but never a canonical path to itself', () => {
    expect(aliasRedirect('/TopUp')).toBe(paths.fundWallet);
    expect(aliasRedirect(paths.fundWallet)).toBeNull();
    expect(aliasRedirect(paths.adminLogin)).toBeNull();
  });
});
