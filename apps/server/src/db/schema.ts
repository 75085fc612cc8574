// Every table, for drizzle-kit and for the typed database handle. Modules keep their tables private otherwise.
export * from '../modules/auth/auth.tables.ts';
export * from '../modules/ledger/ledger.tables.ts';
export * from '../modules/notifications/notifications.tables.ts';
export * from '../modules/funding/funding.tables.ts';
export * from '../modules/catalog/catalog.tables.ts';
export * from '../modules/purchases/purchases.tables.ts';
export * from '../modules/partners/partners.tables.ts';
export * from './system.tables.ts';
export * from '../modules/audit/audit.tables.ts';
export * from '../modules/approvals/approvals.tables.ts';
export * from '../modules/admin/admin.tables.ts';
export * from '../modules/settings/settings.tables.ts';
export * from '../modules/referrals/referrals.tables.ts';
export * from '../modules/beneficiaries/beneficiaries.tables.ts';
export * from '../providers/simulators/vtpass/vtpass-simulator.tables.ts';
export * from '../providers/simulators/paystack/paystack-simulator.tables.ts';
export * from '../modules/reconciliation/reconciliation.tables.ts';
