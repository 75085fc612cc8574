import { describe, expect, it } from 'vitest';
import { detectNetwork, NETWORKS, networkPrefixes, normalisePhone, type Network } from './phone.ts';

describe('normalisePhone', () => {
  it.each([
    ['08031234567', '08031234567'],
    ['0803 123 4567', '08031234567'],
    ['+2348031234567', '08031234567'],
    ['2348031234567', '08031234567'],
    ['+234 803-123-4567', '08031234567'],
    ['(0803) 123 4567', '08031234567'],
  ])('reads %s as %s', (input, expected) => {
    expect(normalisePhone(input)).toBe(expected);
  });

  it.each([
    '',
    '0803123456',
    '080312345678',
    '18031234567',
    '06031234567',
    '08231234567',
    'abcdefghijk',
    '+448031234567',
  ])('refuses %j', (input) => {
    expect(normalisePhone(input)).toBeNull();
  });
});

describe('detectNetwork', () => {
  const table: Record<Network, string[]> = {
    mtn: [
      '07025',
      '07026',
      '0703',
      '0704',
      '0706',
      '0707',
      '0803',
      '0806',
      '0810',
      '0813',
      '0814',
      '0816',
      '0903',
      '0906',
      '0913',
      '0916',
    ],
    airtel: ['0701', '0708', '0802', '0808', '0812', '0901', '0902', '0904', '0907', '0911', '0912'],
    glo: ['0705', '0805', '0807', '0811', '0815', '0905', '0915'],
    '9mobile': ['0809', '0817', '0818', '0908', '0909'],
  };

  for (const [network, prefixes] of Object.entries(table) as [Network, string[]][]) {
    it.each(prefixes)(`detects %s as ${network}`, (prefix) => {
      const number = prefix.padEnd(11, '1');
      expect(detectNetwork(number)).toBe(network);
      expect(detectNetwork(`+234${number.slice(1)}`)).toBe(network);
    });
  }

  it('matches the published prefix table exactly', () => {
    for (const { id } of NETWORKS) expect([...networkPrefixes(id)].sort()).toEqual([...table[id]].sort());
  });

  it.each(['07020', '07021', '07022', '07024', '07027', '07028', '07029', '0709', '0819', '0804', '0801'])(
    'leaves %s (not resold) unknown',
    (prefix) => {
      expect(detectNetwork(prefix.padEnd(11, '2'))).toBeNull();
    },
  );

  it('needs a whole number', () => {
    expect(detectNetwork('0803')).toBeNull();
    expect(detectNetwork('0803123456')).toBeNull();
  });
});
