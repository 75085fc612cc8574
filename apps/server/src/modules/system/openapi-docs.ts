import { readFileSync } from 'node:fs';
import path from 'node:path';
import { errorCodeDocs } from '@quickvend/shared/error-docs';
import { errorCodes, type ErrorCode } from '@quickvend/shared/errors';
import { PRODUCT_NAME } from '@quickvend/shared/services';
import { httpStatusByCode } from '../../lib/errors.ts';
import { serverDir } from '../../server-dir.ts';

/** A number the sandbox answers in a set way (the VTpass simulator's own list, passed in by app.ts). */
export type SandboxValue = { value: string; for: string; result: string };

/** docs/partner-quickstart.md, the one text of the quick start: shown on GitHub and in the reference. */
export const QUICKSTART_FILE = path.resolve(serverDir, '../../docs/partner-quickstart.md');

/** A cell of a Markdown table: a pipe would end it. */
const cell = (text: string) => text.replaceAll('|', '\\|');

function quickStart(): string {
  try {
    // its own title gives way to the reference's heading; links between docs files do not work here
    return readFileSync(QUICKSTART_FILE, 'utf8')
      .replace(/^# .*\n/, '')
      .replace(/\[([^\]]+)\]\((?!https?:)[^)]+\)/g, '$1');
  } catch {
    return 'See docs/partner-quickstart.md in the source.\n';
  }
}

/** One line per code: its status, what it means and what to do. */
export function errorCodeLine(code: ErrorCode): string {
  const { meaning, whatToDo } = errorCodeDocs[code];
  return `\`${code}\` (${httpStatusByCode[code]}): ${meaning} ${whatToDo}`;
}

function errorsSection(): string {
  const rows = errorCodes.map((code) => {
    const { meaning, whatToDo } = errorCodeDocs[code];
    return `| \`${code}\` | ${httpStatusByCode[code]} | ${cell(meaning)} | ${cell(whatToDo)} |`;
  });
  return [
    'Every error answers with a 4xx status (5xx only for a fault on our side or a service that is down for a',
    'moment) and this body:',
    '',
    '```json',
    '{ "error": { "code": "INSUFFICIENT_FUNDS", "message": "Error: Insufficient wallet balance.", "requestId": "req_01M8G0..." } }',
    '```',
    '',
    '`message` is written for people and may change; program against `code`. `details.fields` names each bad',
    'field of a `VALIDATION_FAILED`. Quote `requestId` to support. Each call below lists the codes it can answer.',
    '',
    '| code | status | what it means | what to do |',
    '| --- | --- | --- | --- |',
    ...rows,
  ].join('\n');
}

function sandboxSection(values: readonly SandboxValue[]): string {
  const rows = values.map(
    (row) =>
      `| ${/^\d+$/.test(row.value) ? `\`${row.value}\`` : row.value} | ${cell(row.for)} | ${cell(row.result)} |`,
  );
  return [
    'A test key (and every key on a sandbox server) buys against simulators that answer these numbers as',
    'the provider’s own sandbox does. No real airtime is sent and no real money moves.',
    '',
    '| number | for | what happens |',
    '| --- | --- | --- |',
    ...rows,
    '',
    'Like the provider, the sandbox refuses the same service for the same number again within 30 seconds as a',
    'likely duplicate: the second purchase fails and is refunded. Use a new `requestId` and wait 30 seconds,',
    'or use one of the scenario numbers, which are never duplicates.',
  ].join('\n');
}

/** The reference's introduction: what every call shares, the quick start, the errors and the sandbox. */
export function apiDescription(sandboxValues: readonly SandboxValue[]): string {
  return [
    `The ${PRODUCT_NAME} partner API: sell airtime, data, cable TV, electricity and exam PINs from your own`,
    'system, paid from your wallet. JSON in and out; send your key as `Authorization: Bearer <key>`. Amounts',
    'come in kobo as integers (`amountKobo`, ₦1 is 100 kobo) beside naira as text (`amount`, `"1500.00"`);',
    'requests take `amount` in naira, as text or a number. Times are ISO 8601 in UTC.',
    '',
    'The calls marked **Partner API** are promised to partners and change only with a new version. The other',
    'calls are those the web app makes, listed for completeness; they need a signed-in session.',
    '',
    '# Quick start',
    '',
    quickStart(),
    '',
    '# Errors',
    '',
    errorsSection(),
    '',
    '# Sandbox numbers',
    '',
    sandboxSection(sandboxValues),
  ].join('\n');
}
