import type { FastifyReply } from 'fastify';

export type CsvCell = string | number | null | undefined;

// a plain number is data, never a formula, even with its minus sign
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;
// what a spreadsheet may read as the start of a formula (OWASP: CSV injection)
const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell as RFC 4180 writes it, with any text a spreadsheet would run as a formula made inert by a quote. */
export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (FORMULA_START.test(text) && !PLAIN_NUMBER.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A CSV document: a header line, then one line per row, each ended by CRLF. */
export function toCsv(header: readonly string[], rows: Iterable<readonly CsvCell[]>): string {
  const lines = [header.map(csvCell).join(',')];
  for (const row of rows) lines.push(row.map(csvCell).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/** Excel reads a CSV file as the PC's own code page unless it starts with this mark: then ₦ stays ₦. */
export const UTF8_BOM = '\uFEFF';

/**
 * Sends a CSV document as a download named `filename` (letters, digits, dots and dashes only), as UTF-8 that
 * a spreadsheet recognises.
 */
export function sendCsv(reply: FastifyReply, filename: string, csv: string): FastifyReply {
  const safeName = filename.replace(/[^A-Za-z0-9._-]/g, '-');
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${safeName}"`)
    .header('cache-control', 'no-store')
    .send(`${UTF8_BOM}${csv}`);
}
