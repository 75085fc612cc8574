import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { landingTexts } from '@/features/landing/components/landing-page.tsx';
import { bringLandingToLife } from '@/features/landing/live-landing.ts';
import { renderLanding } from '@/landing-prerender.tsx';
import { aVariation, mockApi, sandboxMeta } from '@/lib/testing/mock-api.ts';

const dstv = [
  aVariation('dstv79', 'DStv Compact N19,000', 1_900_000, 1_881_000),
  aVariation('dstv7', 'DStv Compact Plus N30,000', 3_000_000, 2_970_000),
  aVariation('dstv3', 'DStv Premium N44,500', 4_450_000, 4_405_500),
];

describe('the landing rendered at build', () => {
  let unmount: (() => void) | undefined;
  afterEach(() => {
    unmount?.();
    document.body.innerHTML = '';
  });

  it('holds the whole page with plain links, and a placeholder where each price goes', () => {
    const { landing, sandboxBanner } = renderLanding();
    document.body.innerHTML = `<div id="root">${landing}</div>`;
    // a fixed promise, whole in the HTML: never caught mid-word by a typing effect
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(landingTexts.headline);
    expect(document.body.textContent).toContain('Real-time top-ups');
    // contacts come from the server's configuration once the page runs: none written at build
    expect(document.querySelector('a[href^="tel:"], a[href^="mailto:"], a[href*="wa.me"]')).toBeNull();
    expect(document.body.textContent).not.toMatch(/example|000 0000/);
    for (const name of ['Our Services', 'Pricing', 'About us']) {
      expect(screen.getByRole('heading', { name, level: 2 })).toBeTruthy();
    }
    expect(screen.getByRole('link', { name: 'Get Started' }).getAttribute('href')).toBe('/signup');
    // the partner API's reference is the server's own page
    expect(screen.getByRole('link', { name: 'API for resellers' }).getAttribute('href')).toBe('/docs/api');
    // airtime and data are bought; only subscriptions are subscribed to
    const services = within(screen.getByRole('region', { name: 'Our Services' }));
    const actions = services
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(actions).toEqual(
      expect.arrayContaining([
        ['Buy Airtime', '/airtime'],
        ['Buy Data plans', '/data'],
        ['Subscribe to Dstv', '/dstv'],
      ]),
    );
    const pricing = screen.getByRole('region', { name: 'Pricing' });
    // a price written at build could be wrong by the time someone reads it
    expect(pricing.textContent).not.toMatch(/₦|N\d/);
    expect(within(pricing).getByText('Compact Plus')).toBeTruthy();
    expect(pricing.querySelectorAll('[aria-busy="true"]').length).toBe(4);
    expect(sandboxBanner).toContain('Sandbox: no real money moves');
  });

  it('comes alive in the browser in place, without React: live prices, and a working menu', async () => {
    const variations = (_body: undefined, url: URL) => ({
      body: { variations: url.pathname.includes('/dstv/') ? dstv : [] },
    });
    mockApi({ 'GET /api/v1/services/:serviceId/variations': variations, 'GET /api/v1/meta': sandboxMeta });
    const container = document.createElement('div');
    container.innerHTML = renderLanding().landing;
    document.body.append(container);
    const heading = container.querySelector('h1');
    unmount = bringLandingToLife(container);
    const dstvCard = screen.getByRole('heading', { name: 'DSTV', level: 3 }).parentElement ?? document.body;
    expect(await within(dstvCard).findByText('₦18,810.00')).toBeTruthy();
    expect(
      within(dstvCard).getByText('Compact Plus', { selector: 'dt' }).nextElementSibling?.textContent,
    ).toBe('₦30,000.00₦29,700.00');
    expect(dstvCard.querySelector('[aria-busy="true"]')).toBeNull();
    // a service that lists none of the picks says so, rather than keeping a placeholder
    const gotvCard = screen.getByRole('heading', { name: 'GOTV', level: 3 }).parentElement ?? document.body;
    expect(await within(gotvCard).findByText('Prices could not be loaded just now.')).toBeTruthy();
    // no network lists a 1GB plan here: the data card says so once, with its one link to every price
    const dataCard = screen.getByRole('heading', { name: 'Data', level: 3 }).parentElement ?? document.body;
    expect(await within(dataCard).findByText('Prices could not be loaded just now.')).toBeTruthy();
    expect(within(dataCard).getAllByRole('link', { name: 'See all data prices' })).toHaveLength(1);
    expect(dataCard.querySelector('dl')).toBeNull();
    // filled in place: the same elements, not a fresh render
    expect(container.querySelector('h1')).toBe(heading);
    const menuButton = screen.getByRole('button', { name: 'Menu' });
    expect(screen.queryByRole('navigation', { name: 'Sections menu' })).toBeNull();
    fireEvent.click(menuButton);
    expect(menuButton.getAttribute('aria-expanded')).toBe('true');
    const menu = screen.getByRole('navigation', { name: 'Sections menu' });
    fireEvent.click(within(menu).getByRole('link', { name: 'Pricing' }));
    expect(screen.queryByRole('navigation', { name: 'Sections menu' })).toBeNull();
    expect(menuButton.getAttribute('aria-expanded')).toBe('false');
  });
});
