import { describe, expect, it } from 'vitest';
import { accountText, noticeTexts, securityText } from './notices.ts';

const at = new Date('2026-03-12T13:05:00.000Z');

describe('notice words', () => {
  it('a password reset names the devices signed out and the keys revoked, at Lagos time', () => {
    expect(
      securityText({
        kind: 'password.reset',
        at,
        signedOut: 2,
        revokedKeys: [{ name: 'Shop', prefix: 'qv_abc1234' }],
      }),
    ).toEqual({
      title: 'Your password was changed',
      body: 'The password of your QuickVend account was reset with the link we emailed, on 12 Mar 2026, 14:05 (Lagos time). We signed you out on 2 devices: sign in again with the new password. We also revoked your partner API keys, so apps using them can no longer buy from your wallet: “Shop” (it starts with qv_abc1234). Make new keys in Profile → Developers if you need them. If this wasn’t you, reset your password from the sign-in page now and contact support.',
    });
  });

  it('a sign-in from an address alone says where it came from', () => {
    expect(securityText({ kind: 'sign-in', at, ipAddress: '102.89.1.1', userAgent: null }).body).toBe(
      'Someone signed in to your QuickVend account on 12 Mar 2026, 14:05 (Lagos time). It came from 102.89.1.1. If it was you, there is nothing to do. If this wasn’t you, change your password now and contact support.',
    );
  });

  it('a suspension says what stops and that the money stays the customer’s', () => {
    expect(accountText({ kind: 'account.suspended', at })).toEqual({
      title: 'Your account is suspended',
      body: 'Our team suspended your QuickVend account on 12 Mar 2026, 14:05 (Lagos time). Until it is restored you cannot sign in, buy or fund your wallet; the money in your wallet stays yours. If you think this is a mistake, contact support.',
    });
  });

  it('greets a customer without a name', () => {
    expect(noticeTexts.greeting('  ')).toBe('Hello there,');
    expect(noticeTexts.greeting('Ada')).toBe('Hello Ada,');
  });
});
