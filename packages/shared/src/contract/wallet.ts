import { statementQuery, statementResponse, walletResponse } from '../api/wallet.ts';
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
