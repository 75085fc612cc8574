import { describe, expect, it } from 'vitest';
import { isCidr, isIpv4, isIpv6, splitAddressList } from './ip.ts';

describe('isCidr', () => {
  it.each([
    '203.0.113.7',
    '0.0.0.0',
    '255.255.255.255',
    '203.0.113.0/24',
    '0.0.0.0/0',
    '10.0.0.0/8',
    '::',
    '::1',
    '1::',
    '2001:DB8::1',
    '2001:db8::/32',
    '::/0',
    '1:2:3:4:5:6:7:8',
    '1:2:3:4:5:6:7::',
    '::ffff:203.0.113.7',
    '1:2:3:4:5:6:1.2.3.4',
    '::ffff:203.0.113.0/120',
  ])('accepts %s', (value) => {
    expect(isCidr(value)).toBe(true);
  });

  it.each([
    '',
    ' 203.0.113.7',
    '203.0.113',
    '203.0.113.7.1',
    '256.0.0.1',
    '01.2.3.4',
    '203.0.113.0/33',
    '203.0.113.0/',
    '203.0.113.0/-1',
    '203.0.113.0/24/8',
    '2001:db8::/129',
    '1:2:3:4:5:6:7:8:9',
    '1::2::3',
    ':::',
    '12345::',
    '::g',
    'fe80::1%eth0',
    ':1.2.3.4',
    '1:2:3:4:5:6:7:1.2.3.4',
    '::ffff:1.2.3',
    'localhost',
  ])('refuses %j', (value) => {
    expect(isCidr(value)).toBe(false);
  });

  it('tells the families apart', () => {
    expect([isIpv4('203.0.113.7'), isIpv6('203.0.113.7')]).toEqual([true, false]);
    expect([isIpv4('::ffff:203.0.113.7'), isIpv6('::ffff:203.0.113.7')]).toEqual([false, true]);
  });
});

describe('splitAddressList', () => {
  it('reads commas, spaces and new lines, and drops empty entries', () => {
    expect(splitAddressList(' 203.0.113.0/24,\n2001:db8::/32 ,, 198.51.100.1\n')).toEqual([
      '203.0.113.0/24',
      '2001:db8::/32',
      '198.51.100.1',
    ]);
    expect(splitAddressList('  \n ')).toEqual([]);
  });
});
