import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv.ts';

describe('CSV cells', () => {
  it.each([
    ['plain', 'plain'],
    ['', ''],
    [null, ''],
    [undefined, ''],
    [42, '42'],
    ['1500.00', '1500.00'],
    ['-12.50', '-12.50'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['back\r\nslash', '"back\r\nslash"'],
  ])('writes %j as %j', (value, written) => {
    expect(csvCell(value)).toBe(written);
  });

  it.each([
    ['=1+1', "'=1+1"],
    ['+2348031234567', "'+2348031234567"],
    ['-2+3+cmd|" /C calc"!A0', `"'-2+3+cmd|"" /C calc""!A0"`],
    ['@SUM(A1:A2)', "'@SUM(A1:A2)"],
    ['\t=1', "'\t=1"],
    ['=HYPERLINK("http://x","y")', `"'=HYPERLINK(""http://x"",""y"")"`],
  ])('makes %j inert for a spreadsheet', (value, written) => {
    expect(csvCell(value)).toBe(written);
  });
});

describe('CSV documents', () => {
  it('writes a header and rows, each line ended by CRLF', () => {
    expect(
      toCsv(
        ['When', 'Amount'],
        [
          ['12 Mar 2025', '1500.00'],
          ['13 Mar, late', null],
        ],
      ),
    ).toBe('When,Amount\r\n12 Mar 2025,1500.00\r\n"13 Mar, late",\r\n');
  });
});
