import { csvResponse } from '../api/reports.ts';
import { statementQuery, statementResponse, walletResponse } from '../api/wallet.ts';
import {
  partnerStatementQuery,
  partnerStatementResponse,
  statementPeriodQuery,
} from '../api/partner-statement.ts';
import { defineRoute } from './define.ts';

export const wallet = {
  get: defineRoute({
    method: 'GET',
    path: '/api/v1/wallet',
    access: 'user',
    summary: 'The balance and where it came from',
    responses: { 200: walletResponse },
    errors: [],
  }),
  statement: defineRoute({
    method: 'GET',
    path: '/api/v1/wallet/statement',
    access: 'user',
    summary: "The wallet's statement, a page at a time",
    query: statementQuery,
    responses: { 200: statementResponse },
    errors: [],
  }),
  periodStatement: defineRoute({
    method: 'GET',
    path: '/api/v1/statement',
    access: 'userOrKey',
    partner: true,
    summary:
      "Every line of the caller's wallet in a period, oldest first, with what each belongs to, and the opening and closing balance: reconcile your books to the kobo",
    query: partnerStatementQuery,
    responses: { 200: partnerStatementResponse },
    errors: [],
  }),
  periodStatementCsv: defineRoute({
    method: 'GET',
    path: '/api/v1/statement.csv',
    access: 'userOrKey',
    partner: true,
    summary: 'The same statement as a CSV file (naira with 2 decimals beside kobo), for a spreadsheet',
    query: statementPeriodQuery,
    responses: { 200: csvResponse },
    produces: 'text/csv',
    errors: [],
  }),
  /** each event's data is `balanceEvent` (api/wallet.ts) */
  events: defineRoute({
    method: 'GET',
    path: '/api/v1/wallet/events',
    access: 'user',
    summary: 'The balance and notices as server-sent events',
    responses: { 200: null },
    produces: 'text/event-stream',
    errors: [],
  }),
} as const;
