import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Variation } from '@quickvend/shared/api/purchases';
import {
  apiError,
  aVariation,
  deferred,
  mockApi,
  sandboxMeta,
  signedOut,
  type MockReply,
} from '@/lib/testing/mock-api.ts';
import type { Wire } from '@/lib/testing/wire.ts';
import { renderApp } from '../testing.tsx';

/** The plans the app sells from, at their web prices: 1% off TV, a markup on MTN's 1GB. */
const plans: Record<string, Wire<Variation>[]> = {
  dstv: [
    aVariation('dstv-padi', 'DStv Padi N4,400', 440_000, 435_600),
    aVariation('dstv79', 'DStv Compact N19,000', 1_900_000, 1_881_000),
    aVariation('dstv7', 'DStv Compact Plus N30,000', 3_000_000, 2_970_000),
    aVariation('dstv3', 'DStv Premium N44,500', 4_450_000, 4_405_500),
  ],
  gotv: [
    aVariation('gotv-smallie', 'GOtv Smallie N1,900', 190_000, 188_100),
    aVariation('gotv-jolli', 'GOtv Jolli N5,800', 580_000, 574_200),
    aVariation('gotv-max', 'GOtv Max N8,500', 850_000, 841_500),
  ],
  showmax: [
    aVariation('mobile_only_1', 'Showmax Mobile - 1 Month', 160_000, 158_400),
    aVariation('full_1', 'Showmax - 1 Month', 350_000, 346_500),
  ],
  'mtn-data': [
    // cheaper, but a day's plan: the landing promises 30 days, so it is never the one quoted
    aVariation('mtn-1gb-daily', 'MTN Data 1GB - 1 Day', 20_000),
    aVariation('mtn-500mb-140', 'MTN Data 500MB - 30 Days', 14_000),
    aVariation('mtn-1gb-275', 'MTN Data 1GB - 30 Days', 27_500, 28_000),
  ],
  'glo-data': [aVariation('glo-1gb-280', 'Glo Data 1GB - 30 Days', 28_000)],
  'airtel-data': [aVariation('airtel-1gb-295', 'Airtel Data 1GB - 30 Days', 29_500)],
  'etisalat-data': [],
};

function landingApi(
  variations: (
    id: string,
  ) =>
    | MockReply<'GET /api/v1/services/:serviceId/variations'>
    | Promise<MockReply<'GET /api/v1/services/:serviceId/variations'>>,
) {
  return mockApi({
    'GET /api/v1/session': signedOut,
    'GET /api/v1/meta': sandboxMeta,
    'GET /api/v1/services/:serviceId/variations': (_body, url) =>
      variations(decodeURIComponent(url.pathname.split('/')[4] ?? '')),
  });
}

const card = (title: string) => {
  const heading = screen.getByRole('heading', { name: title, level: 3 });
  const element = heading.parentElement;
  if (!element) throw new Error(`no ${title} card`);
  return element;
};

const rowText = (element: HTMLElement, label: string) =>
  within(element).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

describe('the landing page’s prices', () => {
  it('quotes the prices the app sells at, read from the services API, never figures of its own', async () => {
    const api = landingApi((id) => ({ body: { variations: plans[id] ?? [] } }));
    renderApp('/');
    const pricing = await screen.findByRole('region', { name: 'Pricing' });
    await waitFor(() => {
      expect(rowText(card('DSTV'), 'Compact')).toBe('₦19,000.00₦18,810.00');
    });
    expect(rowText(card('DSTV'), 'Compact Plus')).toBe('₦30,000.00₦29,700.00');
    expect(rowText(card('DSTV'), 'Premium')).toBe('₦44,500.00₦44,055.00');
    expect(rowText(card('GOTV'), 'Max')).toBe('₦8,500.00₦8,415.00');
    expect(rowText(card('Showmax'), 'Mobile')).toBe('₦1,600.00₦1,584.00');
    await waitFor(() => {
      expect(rowText(card('Data'), 'MTN 1GB')).toBe('₦280.00');
    });
    expect(rowText(card('Data'), 'Glo 1GB')).toBe('₦280.00');
    // 9mobile lists no 1GB plan: left out rather than guessed
    expect(within(card('Data')).queryByText('9mobile 1GB')).toBeNull();
    expect(within(pricing).queryByText('₦9,000.00')).toBeNull();
    expect(
      api
        .callsTo('GET /api/v1/services/:serviceId/variations')
        .map((call) => call.url)
        .sort(),
    ).toEqual([
      '/api/v1/services/airtel-data/variations',
      '/api/v1/services/dstv/variations',
      '/api/v1/services/etisalat-data/variations',
      '/api/v1/services/glo-data/variations',
      '/api/v1/services/gotv/variations',
      '/api/v1/services/mtn-data/variations',
      '/api/v1/services/showmax/variations',
    ]);
  });

  it('holds the rows’ places while the prices load, and shows no price until they arrive', async () => {
    const held = deferred<MockReply<'GET /api/v1/services/:serviceId/variations'>>();
    landingApi(() => held.promise);
    renderApp('/');
    const pricing = await screen.findByRole('region', { name: 'Pricing' });
    expect(within(card('DSTV')).getByText('Compact Plus')).toBeTruthy();
    expect(within(pricing).queryByText(/₦/)).toBeNull();
    expect(card('DSTV').querySelector('[aria-busy="true"]')).not.toBeNull();
    held.resolve({ body: { variations: plans['dstv'] ?? [] } });
    expect(await within(card('DSTV')).findByText('Premium')).toBeTruthy();
  });

  it('says the prices could not be loaded, with a link to the prices page, when the API fails', async () => {
    landingApi((id) =>
      id === 'dstv'
        ? apiError(503, 'SERVICE_UNAVAILABLE', 'Try again.')
        : { body: { variations: plans[id] ?? [] } },
    );
    renderApp('/');
    await screen.findByRole('region', { name: 'Pricing' });
    expect(await within(card('DSTV')).findByText('Prices could not be loaded just now.')).toBeTruthy();
    expect(within(card('DSTV')).getByRole('link', { name: 'See all data prices' })).toBeTruthy();
    expect(await within(card('GOTV')).findByText('Jolli')).toBeTruthy();
  });
});

describe('/data-pricing', () => {
  it('lists every network’s plans at what a customer pays, the face value struck through when less', async () => {
    landingApi((id) => ({ body: { variations: plans[id] ?? [] } }));
    renderApp('/data-pricing');
    const mtn = await screen.findByRole('region', { name: /MTN/ });
    expect(await within(mtn).findByText('MTN Data 1GB - 30 Days')).toBeTruthy();
    expect(rowText(mtn, 'MTN Data 1GB - 30 Days')).toBe('₦280.00');
    expect(rowText(mtn, 'MTN Data 500MB - 30 Days')).toBe('₦140.00');
  });
});
