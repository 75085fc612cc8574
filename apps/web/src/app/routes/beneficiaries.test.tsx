import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Beneficiary } from '@quickvend/shared/api/beneficiaries';
import { beneficiaryTexts } from '@quickvend/shared/beneficiaries';
import {
  aBeneficiary,
  apiError,
  aUser,
  aWallet,
  mockApi,
  sandboxMeta,
  savedNumbers,
  type MockHandlers,
} from '@/lib/testing/mock-api.ts';
import { renderApp } from '../testing.tsx';

const mum = aBeneficiary();
const meter = aBeneficiary({
  id: 'ben_2',
  kind: 'meter',
  number: '1111111111111',
  label: 'Shop',
  customerName: 'TESTMETER1',
  serviceId: 'ikeja-electric',
});
const card = aBeneficiary({
  id: 'ben_3',
  kind: 'smartcard',
  number: '1212121212',
  label: 'TEST METHOD',
  customerName: 'TEST METHOD',
  serviceId: 'gotv',
});

function signedIn(overrides: MockHandlers = {}) {
  return mockApi({
    'GET /api/v1/session': { body: { user: aUser() } },
    'GET /api/v1/meta': sandboxMeta,
    'GET /api/v1/wallet': aWallet(0),
    'GET /api/v1/beneficiaries': savedNumbers(mum, meter, card),
    ...overrides,
  });
}

const section = (name: string) => screen.findByRole('region', { name });

describe('saved numbers page', () => {
  it('is reached from the Account page and lists the numbers by kind, in plain words', async () => {
    signedIn();
    const { user } = renderApp('/account');
    await user.click(await screen.findByRole('link', { name: /Saved numbers/ }));
    expect(await screen.findByRole('heading', { name: 'Saved numbers', level: 1 })).toBeTruthy();

    const phones = await section('Phone numbers');
    expect(within(phones).getByText('Mum')).toBeTruthy();
    expect(within(phones).getByText('0803 123 4567 · MTN')).toBeTruthy();
    expect(within(phones).getByRole('link', { name: 'Buy airtime' }).getAttribute('href')).toBe(
      '/airtime?phone=08031234567&network=mtn',
    );
    const meters = await section('Meters');
    expect(within(meters).getByText('1111111111111 · Ikeja Electricity')).toBeTruthy();
    expect(within(meters).getByText('Verified name: TESTMETER1')).toBeTruthy();
    expect(within(meters).getByRole('link', { name: 'Buy electricity' }).getAttribute('href')).toBe(
      '/electricity?meter=1111111111111&disco=ikeja-electric',
    );
    const cards = await section('Smart cards');
    // the label is the verified name already: said once
    expect(within(cards).queryByText(/Verified name/)).toBeNull();
    expect(within(cards).getByRole('link', { name: 'Pay GOtv' }).getAttribute('href')).toBe(
      '/gotv?card=1212121212',
    );
    expect(screen.getByText('3 of 50 saved.')).toBeTruthy();
    expect(document.body.textContent).not.toContain('ben_');
  });

  it('renames a saved number, showing the server’s word on the field it is about', async () => {
    const api = signedIn({
      'PUT /api/v1/beneficiaries/:id': (body) =>
        body.label === 'x'
          ? apiError(400, 'VALIDATION_FAILED', beneficiaryTexts.invalidPhone, {
              fields: { number: beneficiaryTexts.invalidPhone },
            })
          : { body: { beneficiary: { ...mum, label: body.label, number: '08051234567' } } },
    });
    const { user } = renderApp('/beneficiaries');
    const phones = await section('Phone numbers');
    await user.click(within(phones).getByRole('button', { name: 'Edit Mum' }));
    const form = within(phones).getByRole('form', { name: 'Edit Mum' });
    const name = within(form).getByLabelText<HTMLInputElement>('Name');
    expect(document.activeElement).toBe(name);
    expect(within(form).getByLabelText<HTMLInputElement>('Number').value).toBe('0803 123 4567');

    await user.clear(name);
    await user.type(name, 'x');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await within(form).findByText(beneficiaryTexts.invalidPhone)).toBeTruthy();

    await user.clear(name);
    await user.type(name, 'Mama');
    const number = within(form).getByLabelText('Number');
    await user.clear(number);
    await user.type(number, '0805 123 4567');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Saved “Mama”.')).toBeTruthy();
    expect(within(phones).getByText('Mama')).toBeTruthy();
    expect(within(phones).getByText('0805 123 4567 · MTN')).toBeTruthy();
    expect(document.activeElement).toBe(within(phones).getByRole('button', { name: 'Edit Mama' }));
    expect(api.callsTo('PUT /api/v1/beneficiaries/:id').map((call) => [call.url, call.body])).toEqual([
      ['/api/v1/beneficiaries/ben_1', { label: 'x', number: '0803 123 4567' }],
      ['/api/v1/beneficiaries/ben_1', { label: 'Mama', number: '0805 123 4567' }],
    ]);
  });

  it('shows a meter’s type, opens the electricity page with it, and lets the customer change it', async () => {
    const office = aBeneficiary({
      id: 'ben_4',
      kind: 'meter',
      number: '1010101010101',
      label: 'Office',
      customerName: 'TESTMETER2',
      serviceId: 'eko-electric',
      meterType: 'postpaid',
    });
    const api = signedIn({
      'GET /api/v1/beneficiaries': savedNumbers(mum, office, meter),
      'PUT /api/v1/beneficiaries/:id': (body, url) => ({
        body: {
          beneficiary: {
            ...(url.pathname.endsWith('ben_2') ? meter : office),
            label: body.label,
            meterType: body.meterType ?? null,
          },
        },
      }),
    });
    const { user } = renderApp('/beneficiaries');
    const meters = await section('Meters');
    expect(within(meters).getByText('1010101010101 · Eko Electricity · Postpaid')).toBeTruthy();
    // saved before the type was kept: none shown, none filled
    expect(within(meters).getByText('1111111111111 · Ikeja Electricity')).toBeTruthy();
    const links = within(meters).getAllByRole('link', { name: 'Buy electricity' });
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/electricity?meter=1010101010101&disco=eko-electric&type=postpaid',
      '/electricity?meter=1111111111111&disco=ikeja-electric',
    ]);

    await user.click(within(meters).getByRole('button', { name: 'Edit Shop' }));
    const form = within(meters).getByRole('form', { name: 'Edit Shop' });
    const types = within(form).getByRole('group', { name: 'Meter type' });
    expect(within(types).getByRole<HTMLInputElement>('radio', { name: 'Prepaid' }).checked).toBe(false);
    expect(within(types).getByRole<HTMLInputElement>('radio', { name: 'Postpaid' }).checked).toBe(false);
    await user.click(within(types).getByRole('radio', { name: 'Prepaid' }));
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await within(meters).findByText('1111111111111 · Ikeja Electricity · Prepaid')).toBeTruthy();

    await user.click(within(meters).getByRole('button', { name: 'Edit Office' }));
    const officeForm = within(meters).getByRole('form', { name: 'Edit Office' });
    expect(within(officeForm).getByRole<HTMLInputElement>('radio', { name: 'Postpaid' }).checked).toBe(true);
    await user.click(within(officeForm).getByRole('radio', { name: 'Prepaid' }));
    await user.click(within(officeForm).getByRole('button', { name: 'Save changes' }));
    expect(await within(meters).findByText('1010101010101 · Eko Electricity · Prepaid')).toBeTruthy();
    expect(api.callsTo('PUT /api/v1/beneficiaries/:id').map((call) => [call.url, call.body])).toEqual([
      ['/api/v1/beneficiaries/ben_2', { label: 'Shop', number: '1111111111111', meterType: 'prepaid' }],
      ['/api/v1/beneficiaries/ben_4', { label: 'Office', number: '1010101010101', meterType: 'prepaid' }],
    ]);

    // a phone has no meter type to choose
    await user.click(await screen.findByRole('button', { name: 'Edit Mum' }));
    expect(screen.queryByRole('group', { name: 'Meter type' })).toBeNull();
  });

  it('asks before deleting, keeps the number on Keep it, and deletes on Delete', async () => {
    const api = signedIn({
      'DELETE /api/v1/beneficiaries/:id': { body: { beneficiary: meter } },
    });
    const { user } = renderApp('/beneficiaries');
    const meters = await section('Meters');
    await user.click(within(meters).getByRole('button', { name: 'Delete Shop' }));
    const question = within(meters).getByRole('alertdialog', { name: 'Delete “Shop” (1111111111111)?' });
    expect(document.activeElement).toBe(within(question).getByRole('button', { name: 'Keep it' }));
    await user.click(within(question).getByRole('button', { name: 'Keep it' }));
    expect(within(meters).queryByRole('alertdialog')).toBeNull();
    expect(api.callsTo('DELETE /api/v1/beneficiaries/:id')).toHaveLength(0);

    await user.click(within(meters).getByRole('button', { name: 'Delete Shop' }));
    await user.click(within(meters).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Deleted “Shop”.')).toBeTruthy();
    await waitFor(() => {
      expect(screen.queryByRole('region', { name: 'Meters' })).toBeNull();
    });
    expect(api.callsTo('DELETE /api/v1/beneficiaries/:id')[0]?.url).toBe('/api/v1/beneficiaries/ben_2');
    expect(screen.getByText('2 of 50 saved.')).toBeTruthy();
  });

  it('explains the page to a customer with nothing saved yet', async () => {
    signedIn({ 'GET /api/v1/beneficiaries': savedNumbers() });
    renderApp('/beneficiaries');
    expect(await screen.findByText('No saved numbers yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Buy something' }).getAttribute('href')).toBe('/buy');
  });

  it('says when the list could not be loaded, and tries again', async () => {
    let saved: Beneficiary[] | null = null;
    const api = signedIn({
      'GET /api/v1/beneficiaries': () =>
        saved ? savedNumbers(...saved) : apiError(500, 'INTERNAL', 'Something went wrong on our side.'),
    });
    const { user } = renderApp('/beneficiaries');
    const problem = await screen.findByText(
      'Error: We could not load your saved numbers. Check your connection and try again.',
    );
    expect(problem.getAttribute('data-tone')).toBe('error');
    saved = [mum];
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Mum')).toBeTruthy();
    expect(api.callsTo('GET /api/v1/beneficiaries').length).toBeGreaterThan(1);
  });
});
