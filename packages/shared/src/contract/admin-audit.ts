import { auditQuery, auditResponse } from '../api/audit.ts';
import { csvResponse } from '../api/reports.ts';
import { defineRoute } from './define.ts';

export const adminAudit = {
  list: defineRoute({
    method: 'GET',
    path: '/api/v1/admin/audit',
    access: 'admin',
    summary: 'The audit log',
    query: auditQuery,
    responses: { 200: auditResponse },
    errors: [],
  }),
  csv: defineRoute({
    method: 'GET',
    path: '/api/v1/admin/audit.csv',
    access: 'admin',
    summary: 'The audit log as CSV',
    query: auditQuery,
    responses: { 200: csvResponse },
    errors: [],
    produces: 'text/csv',
  }),
} as const;
