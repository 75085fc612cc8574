import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { SupportContact } from '@quickvend/shared/api/meta';
import { bringLandingToLife } from '@/features/landing/live-landing.ts';
import { renderLanding } from '@/landing-prerender.tsx';
import { mockApi, sandboxMeta, signedOut } from '@/lib/testing/mock-api.ts';
import { renderApp } from '../testing.tsx';

function landingApi(support?: SupportContact) {
  return mockApi({
    'GET /api/v1/session': signedOut,
    'GET /api/v1/meta': support
      ? { body: { productName: 'QuickVend', mode: 'sandbox', minFundingKobo: 10_000, support } }
      : sandboxMeta,
    'GET /api/v1/services/:serviceId/variations': { body: { variations: [] } },
  });
}

const contactSection = () => screen.getByRole('region', { name: 'Contact' });

describe('the landing page’s contacts', () => {
  let stop: (() => void) | undefined;
  afterEach(() => {
    stop?.();
    stop = undefined;
    document.body.innerHTML = '';
  });

  it('shows the phone, WhatsApp, email and pages the server is configured with (the landing as served)', async () => {
    const api = landingApi({
      phone: '0801 234 5678',
      email: 'help@quickvend.ng',
      whatsappUrl: 'https://wa.me/2348012345678',
      links: [{ name: 'Instagram', url: 'https://instagram.com/quickvend' }],
    });
    document.body.innerHTML = `<div id="root">${renderLanding().landing}</div>`;
    const root = document.getElementById('root');
    if (!root) throw new Error('no #root');
    stop = bringLandingToLife(root);
    const phone = await screen.findAllByRole('link', { name: /0801 234 5678/ });
    expect(phone.map((link) => link.getAttribute('href'))).toEqual(['tel:08012345678', 'tel:08012345678']);
    const section = contactSection();
    expect(
      within(section).getByText('Questions, a failed top-up, or a reseller account? Talk to us.'),
    ).toBeTruthy();
    expect(
      within(section)
        .getByRole('link', { name: /help@quickvend.ng/ })
        .getAttribute('href'),
    ).toBe('mailto:help@quickvend.ng');
    expect(
      within(section)
        .getByRole('link', { name: /WhatsApp/ })
        .getAttribute('href'),
    ).toBe('https://wa.me/2348012345678');
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'Instagram' }).getAttribute('href')).toBe(
      'https://instagram.com/quickvend',
    );
    expect(within(footer).queryByRole('link', { name: 'Facebook' })).toBeNull();
    // one request for the section and the footer together
    expect(api.callsTo('GET /api/v1/meta')).toHaveLength(1);
  });

  it('shows no contact details at all when none are configured, never a placeholder', async () => {
    const api = landingApi();
    renderApp('/');
    await waitFor(() => {
      expect(api.callsTo('GET /api/v1/meta').length).toBeGreaterThan(0);
    });
    const section = contactSection();
    expect(within(section).getByRole('link', { name: 'Create a free account' })).toBeTruthy();
    expect(within(section).queryByText(/Talk to us/)).toBeNull();
    expect(document.querySelector('a[href^="tel:"], a[href^="mailto:"], a[href*="wa.me"]')).toBeNull();
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).queryByRole('heading', { name: 'Contact' })).toBeNull();
    for (const name of ['Facebook', 'Instagram', 'WhatsApp', 'GitHub']) {
      expect(within(footer).queryByRole('link', { name })).toBeNull();
    }
  });
});
