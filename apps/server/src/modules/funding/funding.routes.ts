import type { FastifyInstance } from 'fastify';
import type { DepositAccount } from '@quickvend/shared/api/funding';
import { koboFromNaira, toNairaString } from '@quickvend/shared/money';
import { ownerAndPeriodOf } from '../../lib/back-office-filter.ts';
import { AppError, fieldError } from '../../lib/errors.ts';
import { actorOf } from '../audit/index.ts';
import { signedInUser, type AuthService } from '../auth/index.ts';
import type { PaymentGateway } from './funding.port.ts';
import { checkoutEndOf } from './open-card-payments.ts';
import type { FundingService } from './funding.service.ts';
import type { ManualDepositDecisions } from './manual-deposit-decisions.ts';
import type { payments, manualFundingRequests } from './funding.tables.ts';
import { contract } from '@quickvend/shared/contract/index';
import { route } from '../../lib/http/route.ts';

type PaymentRow = typeof payments.$inferSelect;
type ManualRow = typeof manualFundingRequests.$inferSelect;

const toPayment = (p: PaymentRow) => ({
  id: p.id,
  reference: p.reference,
  channel: p.channel,
  email: p.email,
  amountKobo: p.amountKobo,
  amount: toNairaString(p.amountKobo),
  status: p.status,
  gatewayResponse: p.gatewayResponse,
  senderName: p.senderName,
  paidAt: p.paidAt?.toISOString() ?? null,
  createdAt: p.createdAt.toISOString(),
  checkoutEndsAt: checkoutEndOf(p)?.toISOString() ?? null,
});

const toManualRequest = (
  r: ManualRow,
  user?: { id: string; name: string; email: string },
  awaitingApproval?: boolean,
) => ({
  id: r.id,
  depositorName: r.depositorName,
  bankName: r.bankName,
  amountKobo: r.amountKobo,
  amount: toNairaString(r.amountKobo),
  chargeKobo: r.chargeKobo,
  creditKobo: r.amountKobo - r.chargeKobo,
  status: r.status,
  reason: r.reason,
  createdAt: r.createdAt.toISOString(),
  decidedAt: r.decidedAt?.toISOString() ?? null,
  ...(user && { user }),
  ...(awaitingApproval !== undefined && { awaitingApproval }),
});

export function registerFundingRoutes(
  app: FastifyInstance,
  deps: {
    funding: FundingService;
    decisions: ManualDepositDecisions;
    findUsersByIds: AuthService['findUsersByIds'];
    findUserByEmail: (email: string) => Promise<{ id: string } | null>;
    mode: 'sandbox' | 'live';
    simulateTransferUrl: string | null;
    depositAccount: DepositAccount | null;
  },
): void {
  const { funding } = deps;

  route(app, contract.funding.startCard, async (request, reply) => {
    const user = signedInUser(request);
    const { payment, checkout } = await funding.startCardPayment(user, {
      email: request.body.email.toLowerCase(),
      amountKobo: koboFromNaira(request.body.amount, (message) => fieldError('amount', message)),
    });
    return reply
      .status(201)
      .send({ payment: toPayment(payment), checkout: { ...checkout, mode: deps.mode } });
  });

  route(app, contract.funding.confirmCard, async (request) => {
    const payment = await funding.confirmPaymentForUser(signedInUser(request).id, request.body.reference);
    return { payment: toPayment(payment) };
  });

  route(app, contract.funding.payments, async (request) => ({
    payments: (await funding.listPayments(signedInUser(request).id)).map(toPayment),
  }));

  const accountView = (account: { bankName: string; accountNumber: string; accountName: string } | null) => ({
    account: account && {
      bankName: account.bankName,
      accountNumber: account.accountNumber,
      accountName: account.accountName,
    },
    simulateTransferUrl:
      account && deps.simulateTransferUrl
        ? `${deps.simulateTransferUrl}?account_number=${encodeURIComponent(account.accountNumber)}`
        : null,
  });

  route(app, contract.funding.dedicatedAccount, async (request) =>
    accountView(await funding.getDedicatedAccount(signedInUser(request).id)),
  );

  route(app, contract.funding.openDedicatedAccount, async (request) =>
    accountView(await funding.openDedicatedAccount(signedInUser(request))),
  );

  route(app, contract.funding.requestManual, async (request, reply) => {
    const created = await funding.requestManualFunding(signedInUser(request).id, {
      depositorName: request.body.depositorName,
      bankName: request.body.bankName,
      amountKobo: koboFromNaira(request.body.amount, (message) => fieldError('amount', message)),
    });
    return reply.status(201).send({ request: toManualRequest(created) });
  });

  route(app, contract.funding.manualRequests, async (request) => ({
    requests: (await funding.listManualRequests({ userId: signedInUser(request).id })).map((row) =>
      toManualRequest(row),
    ),
    depositAccount: deps.depositAccount,
  }));

  route(app, contract.adminFunding.manualRequests, async (request) => {
    const { cursor, limit, ...query } = request.query;
    const filter = await ownerAndPeriodOf(query, deps.findUserByEmail);
    if (!filter) return { requests: [], total: 0, nextCursor: null };
    const { rows, total, nextCursor } = await funding.pageManualRequests(filter, { cursor, limit });
    const [people, waiting] = await Promise.all([
      deps.findUsersByIds(rows.map((row) => row.userId)),
      deps.decisions.waitingIds(),
    ]);
    return {
      requests: rows.map((row) => {
        const person = people.get(row.userId);
        return toManualRequest(
          row,
          { id: row.userId, name: person?.name ?? 'N/A', email: person?.email ?? '' },
          row.status === 'pending' && waiting.has(row.id),
        );
      }),
      total,
      nextCursor,
    };
  });

  /** Credits at once up to the approval threshold; above it, a second admin must approve (approvalId). */
  route(app, contract.adminFunding.approveManual, async (request) => {
    const decided = await deps.decisions.approve(request.params.id, actorOf(request), request.body.note);
    return { request: toManualRequest(decided.request), approvalId: decided.approval?.id ?? null };
  });

  route(app, contract.adminFunding.rejectManual, async (request) => ({
    request: toManualRequest(
      await deps.decisions.reject(request.params.id, actorOf(request), request.body.reason),
    ),
  }));
}

/**
 * `POST /webhooks/paystack`: the signature is checked over the exact bytes received before anything is
 * parsed or stored; then the event is stored once and processed by a job.
 */
export function registerPaystackWebhook(
  app: FastifyInstance,
  deps: { funding: FundingService; gateway: PaymentGateway },
): void {
  void app.register((scope, _options, done) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => {
      done(null, body);
    });
    scope.post('/webhooks/paystack', { config: { access: 'provider' } }, async (request, reply) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const signature = request.headers['x-paystack-signature'];
      if (!deps.gateway.isValidWebhookSignature(raw, typeof signature === 'string' ? signature : undefined)) {
        throw new AppError('UNAUTHENTICATED', 'Invalid signature.');
      }
      let payload: unknown;
      let event: ReturnType<PaymentGateway['readWebhookEvent']>;
      try {
        payload = JSON.parse(raw.toString('utf8'));
        event = deps.gateway.readWebhookEvent(payload);
      } catch (error) {
        // signed but unreadable: answering 5xx would only make Paystack retry it for days
        request.log.warn({ err: error }, 'signed Paystack webhook that is not an event');
        throw new AppError('VALIDATION_FAILED', 'The webhook body is not a Paystack event.');
      }
      await deps.funding.acceptWebhook(event, payload);
      return reply.status(200).send({ received: true });
    });
    done();
  });
}
