import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminPriceService } from '@quickvend/shared/api/admin-prices';
import {
  aChannelPrice,
  aPlanPreview,
  aRule,
  dstvPrices,
  mtnAirtimePrices,
} from '@/lib/testing/admin-prices.ts';
import { apiError, aUser, aWallet, mockApi, sandboxMeta, type MockHandlers } from '@/lib/testing/mock-api.ts';
import { renderApp } from '../testing.tsx';
import type { Wire } from '@/lib/testing/wire.ts';

const compact = dstvPrices.variations[1];
if (!compact) throw new Error('the fixture has DStv Compact');
const BELOW_COST =
  'This sells at ₦18,000.00, below our cost of ₦18,715.00. Tick "Sell at a loss" to save it anyway.';

function pricesApi(overrides: MockHandlers = {}) {
  return mockApi({
    'GET /api/v1/session': { body: { user: aUser({ role: 'admin' }) } },
    'GET /api/v1/meta': sandboxMeta,
    'GET /api/v1/wallet': aWallet(0),
    'GET /api/v1/admin/prices': { body: { services: [mtnAirtimePrices, dstvPrices] } },
    ...overrides,
  });
}

/** DStv once a fixed web price of ₦18,900 for Compact waits for a second admin: the price has not moved yet. */
const waitingDstv: Wire<AdminPriceService> = {
  ...dstvPrices,
  variations: dstvPrices.variations.map((row) =>
    row.code === 'dstv79'
      ? {
          ...row,
          web: {
            ...row.web,
            pendingChange: {
              approvalId: 'apr_01JQ',
              description: '₦18,900.00 fixed',
              priceKobo: 1_890_000,
              marginKobo: 18_500,
              requestedBy: 'Ada Obi',
              requestedAt: '2025-03-12T13:05:00.000Z',
            },
          },
        }
      : row,
  ),
};

/** DStv after Compact got a 0.5% web discount of its own, applied at once. */
const discountedDstv: Wire<AdminPriceService> = {
  ...dstvPrices,
  variations: dstvPrices.variations.map((row) =>
    row.code === 'dstv79'
      ? {
          ...row,
          web: aChannelPrice(1_890_500, 1_871_500, {
            rule: aRule({ bps: -50, updatedBy: 'ada@example.com' }),
            source: 'variation',
          }),
        }
      : row,
  ),
};

const SENT = "Sent for a second admin's approval: the price stays ₦18,810.00 until then.";
const SECOND_ADMIN = 'A second admin must approve this price before it applies.';

const rowOf = (table: HTMLElement, name: RegExp) => {
  const header = within(table).getByRole('rowheader', { name });
  const row = header.closest('tr');
  if (!row) throw new Error('no row');
  return row;
};

describe('admin prices and margins', () => {
  it('lists each service and plan with face value, cost, each channel’s rule, price and margin', async () => {
    pricesApi();
    renderApp('/admin/prices');
    const table = await screen.findByRole('table', { name: 'Prices of DSTV' });
    const row = rowOf(table, /DStv Compact/);
    const cells = within(row)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells.slice(0, 5)).toEqual([
      '₦19,000.00',
      '₦18,715.00',
      'Noneservice price',
      '₦18,810.00',
      '₦95.00',
    ]);
    const service = rowOf(table, /Every plan/);
    expect(within(service).getAllByRole('cell')[2]?.textContent).toBe('1% off');
    expect(screen.getByText('Commission 1.5% (our default rate)')).toBeTruthy();
    expect(screen.getByRole('table', { name: 'Prices of MTN Airtime' })).toBeTruthy();
  });

  it('finds a plan by name, filters by kind and says when nothing matches', async () => {
    const { user } = (pricesApi(), renderApp('/admin/prices'));
    await screen.findByRole('table', { name: 'Prices of DSTV' });
    await user.type(screen.getByLabelText('Search'), 'padi');
    const table = screen.getByRole('table', { name: 'Prices of DSTV' });
    expect(within(table).getByRole('rowheader', { name: /Padi/ })).toBeTruthy();
    expect(within(table).queryByRole('rowheader', { name: /Compact/ })).toBeNull();
    expect(screen.queryByRole('table', { name: 'Prices of MTN Airtime' })).toBeNull();

    await user.clear(screen.getByLabelText('Search'));
    await user.selectOptions(screen.getByLabelText('Kind'), 'airtime');
    expect(screen.getByRole('table', { name: 'Prices of MTN Airtime' })).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Prices of DSTV' })).toBeNull();

    await user.type(screen.getByLabelText('Search'), 'nothing like this');
    expect(screen.getByText('No service or plan matches your search.')).toBeTruthy();
  });

  it('previews a fixed price live, says a second admin must approve it, and after saving that it waits', async () => {
    const api = pricesApi({
      'POST /api/v1/admin/prices/preview': (body) => ({
        body: aPlanPreview(
          compact,
          body.mode === 'fixed' ? 1_890_000 : 1_881_000,
          null,
          body.mode === 'fixed',
        ),
      }),
      'PUT /api/v1/admin/prices': {
        status: 202,
        body: { status: 'awaiting_approval', service: waitingDstv, approvalId: 'apr_01JQ', message: SENT },
      },
    });
    const { user } = renderApp('/admin/prices');
    await user.click(await screen.findByRole('button', { name: /Edit the price of DStv Compact/ }));
    const editor = screen.getByRole('region', { name: 'Price of DStv Compact N19,000' });
    expect(document.activeElement).toBe(within(editor).getByRole('heading', { level: 2 }));
    expect(within(editor).getByText('None')).toBeTruthy();

    await user.selectOptions(within(editor).getByLabelText('Rule'), 'fixed');
    await user.type(within(editor).getByLabelText('Price (NGN)'), '18900');
    const preview = await within(editor).findByRole('table', { name: 'Preview' });
    await waitFor(() => {
      expect(
        within(preview)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ).toEqual(['₦18,900.00', '₦185.00']);
    });
    expect(within(preview).getByRole('rowheader').textContent).toBe(
      'DStv Compact N19,000₦19,000.00 · cost ₦18,715.00',
    );
    expect(await within(editor).findByText(SECOND_ADMIN)).toBeTruthy();
    expect(api.callsTo('POST /api/v1/admin/prices/preview').at(-1)?.body).toEqual({
      serviceId: 'dstv',
      variationCode: 'dstv79',
      channel: 'web',
      mode: 'fixed',
      fixedPrice: '18900',
      allowLoss: false,
    });

    await user.type(within(editor).getByLabelText('Reason (optional)'), 'match the shop');
    await user.click(within(editor).getByRole('button', { name: 'Save price' }));
    expect(await within(editor).findByText(SENT)).toBeTruthy();
    expect(within(editor).queryByText('Saved. The new price applies from the next sale.')).toBeNull();
    expect(api.callsTo('PUT /api/v1/admin/prices')[0]?.body).toEqual({
      serviceId: 'dstv',
      variationCode: 'dstv79',
      channel: 'web',
      mode: 'fixed',
      fixedPrice: '18900',
      allowLoss: false,
      reason: 'match the shop',
    });
    expect(
      within(editor).getByText('Waiting for a second admin: ₦18,900.00 fixed, asked by Ada Obi.'),
    ).toBeTruthy();
    const row = rowOf(screen.getByRole('table', { name: 'Prices of DSTV' }), /DStv Compact/);
    expect(within(row).getAllByRole('cell')[3]?.textContent).toBe('₦18,810.00');
    expect(within(row).getByText('Change waiting:').parentElement?.textContent).toBe(
      'Change waiting: ₦18,900.00 fixed, asked by Ada Obi',
    );
  });

  it('shows the loss on each sale before saving, refuses it without "Sell at a loss", and sends it for approval with it', async () => {
    const api = pricesApi({
      'POST /api/v1/admin/prices/preview': (body) => ({
        body: body.allowLoss
          ? aPlanPreview(compact, 1_800_000)
          : aPlanPreview(compact, 1_800_000, BELOW_COST),
      }),
      'PUT /api/v1/admin/prices': (body) =>
        body.allowLoss
          ? {
              status: 202,
              body: {
                status: 'awaiting_approval',
                service: waitingDstv,
                approvalId: 'apr_01JQ',
                message: SENT,
              },
            }
          : apiError(400, 'VALIDATION_FAILED', BELOW_COST, { fields: { fixedPrice: BELOW_COST } }),
    });
    const { user } = renderApp('/admin/prices');
    await user.click(await screen.findByRole('button', { name: /Edit the price of DStv Compact/ }));
    const editor = screen.getByRole('region', { name: /Price of DStv Compact/ });
    await user.selectOptions(within(editor).getByLabelText('Rule'), 'fixed');
    await user.type(within(editor).getByLabelText('Price (NGN)'), '18000');
    expect(await within(editor).findByText(`Error: ${BELOW_COST}`)).toBeTruthy();
    const loss = within(editor).getByText('Loses ₦715.00 on each sale');
    expect(loss.closest('td')?.className).toContain('text-red-700');

    await user.click(within(editor).getByRole('button', { name: 'Save price' }));
    expect((await within(editor).findAllByText(`Error: ${BELOW_COST}`)).length).toBeGreaterThanOrEqual(2);

    await user.click(within(editor).getByLabelText('Sell at a loss'));
    expect(await within(editor).findByText(SECOND_ADMIN)).toBeTruthy();
    expect(within(editor).getByText('Loses ₦715.00 on each sale')).toBeTruthy();
    await user.click(within(editor).getByRole('button', { name: 'Save price' }));
    expect(await within(editor).findByText(SENT)).toBeTruthy();
    expect(
      api.callsTo('PUT /api/v1/admin/prices').map((call) => (call.body as { allowLoss: boolean }).allowLoss),
    ).toEqual([false, true]);
  });

  it('applies a discount that keeps a margin at once, with no second admin', async () => {
    const api = pricesApi({
      'POST /api/v1/admin/prices/preview': { body: aPlanPreview(compact, 1_890_500, null, false) },
      'PUT /api/v1/admin/prices': { body: { status: 'applied', service: discountedDstv } },
    });
    const { user } = renderApp('/admin/prices');
    await user.click(await screen.findByRole('button', { name: /Edit the price of DStv Compact/ }));
    const editor = screen.getByRole('region', { name: /Price of DStv Compact/ });
    await user.selectOptions(within(editor).getByLabelText('Rule'), 'discount');
    await user.clear(within(editor).getByLabelText('Percent'));
    await user.type(within(editor).getByLabelText('Percent'), '0.5');
    const preview = await within(editor).findByRole('table', { name: 'Preview' });
    await waitFor(() => {
      expect(within(preview).getAllByRole('cell')[0]?.textContent).toBe('₦18,905.00');
    });
    expect(within(editor).queryByText(SECOND_ADMIN)).toBeNull();
    expect(within(editor).queryByText(/on each sale/)).toBeNull();
    await user.click(within(editor).getByRole('button', { name: 'Save price' }));
    expect(await within(editor).findByText('Saved. The new price applies from the next sale.')).toBeTruthy();
    expect(api.callsTo('PUT /api/v1/admin/prices')[0]?.body).toMatchObject({ mode: 'bps', bps: -50 });
    const row = rowOf(screen.getByRole('table', { name: 'Prices of DSTV' }), /DStv Compact/);
    expect(within(row).getByText('0.5% off')).toBeTruthy();
  });

  it('edits the partners’ price apart from the web’s, and resets a service to its default', async () => {
    const marked = {
      ...dstvPrices,
      service: {
        ...dstvPrices.service,
        api: aChannelPrice(102_000, 98_500, { rule: aRule({ bps: 200 }), source: 'service' as const }),
      },
    };
    const api = pricesApi({
      'GET /api/v1/admin/prices': { body: { services: [marked] } },
      'POST /api/v1/admin/prices/preview': { body: aPlanPreview(compact, 1_881_000) },
      'DELETE /api/v1/admin/prices': { body: { service: dstvPrices } },
    });
    const { user } = renderApp('/admin/prices');
    await user.click(await screen.findByRole('button', { name: 'Edit the price of DSTV' }));
    const editor = screen.getByRole('region', { name: 'Price of DSTV' });
    expect(within(editor).getByLabelText<HTMLSelectElement>('Rule').value).toBe('discount');
    expect(within(editor).getByLabelText<HTMLInputElement>('Percent').value).toBe('1');
    expect(within(editor).queryByRole('option', { name: 'Fixed price' })).toBeNull();

    await user.click(within(editor).getByRole('radio', { name: 'Partners (API)' }));
    expect(within(editor).getByLabelText<HTMLSelectElement>('Rule').value).toBe('markup');
    expect(within(editor).getByLabelText<HTMLInputElement>('Percent').value).toBe('2');
    await user.click(within(editor).getByRole('button', { name: 'Back to the default' }));
    expect(await within(editor).findByText('Back to the default.')).toBeTruthy();
    expect(api.callsTo('DELETE /api/v1/admin/prices')[0]?.url).toBe(
      '/api/v1/admin/prices?serviceId=dstv&variationCode=&channel=api',
    );
    expect(within(editor).getByLabelText<HTMLSelectElement>('Rule').value).toBe('discount');
  });

  it('says when the prices cannot be loaded, and tries again', async () => {
    const api = pricesApi({ 'GET /api/v1/admin/prices': apiError(500, 'INTERNAL', 'Something went wrong.') });
    const { user } = renderApp('/admin/prices');
    expect(await screen.findByText('Error: The prices could not be loaded.')).toBeTruthy();
    api.set('GET /api/v1/admin/prices', { body: { services: [dstvPrices] } });
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Prices of DSTV' })).toBeTruthy();
  });
});
