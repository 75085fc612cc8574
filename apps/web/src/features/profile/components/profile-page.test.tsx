import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { profileTexts } from '@quickvend/shared/api/profile';
import { messages } from '@quickvend/shared/messages';
import { aProfile, apiError, aUser, mockApi, sandboxMeta, signedOut } from '@/lib/testing/mock-api.ts';
import { renderRoutes } from '@/lib/testing/render.tsx';
import { ChangePinPage } from './change-pin-page.tsx';
import { ConfirmEmailPage } from './confirm-email-page.tsx';
import { pinSectionTexts } from './pin-section.tsx';
import { PARTNER_SINCE, profileApi, renderProfile, tooEasy } from './profile-page-testing.tsx';

describe('setting a PIN on the profile', () => {
  it('never keeps a refused "too easy" answer beside "do not match"', async () => {
    profileApi();
    const { user } = renderProfile();
    await user.type(await screen.findByLabelText('New PIN'), '1111');
    await user.type(screen.getByLabelText('New PIN again'), '1111');
    await user.click(screen.getByRole('button', { name: 'Set PIN' }));
    expect(await screen.findByText(`Error: ${tooEasy}`)).toBeTruthy();

    await user.clear(screen.getByLabelText('New PIN'));
    await user.type(screen.getByLabelText('New PIN'), '4826');
    await user.clear(screen.getByLabelText('New PIN again'));
    await user.type(screen.getByLabelText('New PIN again'), '4862');
    await user.click(screen.getByRole('button', { name: 'Set PIN' }));
    expect(await screen.findByText('The two PINs do not match.')).toBeTruthy();
    expect(screen.queryByText(`Error: ${tooEasy}`)).toBeNull();
  });

  it('clears a refused answer as soon as the PINs are typed again', async () => {
    profileApi();
    const { user } = renderProfile();
    await user.type(await screen.findByLabelText('New PIN'), '1111');
    await user.type(screen.getByLabelText('New PIN again'), '1111');
    await user.click(screen.getByRole('button', { name: 'Set PIN' }));
    await screen.findByText(`Error: ${tooEasy}`);
    await user.type(screen.getByLabelText('New PIN'), '{Backspace}');
    expect(screen.queryByText(`Error: ${tooEasy}`)).toBeNull();
  });
});

describe('the transaction PIN on the profile', () => {
  it('says the PIN is set and keeps saying it once the form turns into the change form', async () => {
    const api = profileApi({ 'POST /api/v1/pin': { body: { hasPin: true, lockedUntil: null } } });
    const { user } = renderProfile();
    await user.type(await screen.findByLabelText('New PIN'), '4826');
    await user.type(screen.getByLabelText('New PIN again'), '4826');
    await user.click(screen.getByRole('button', { name: 'Set PIN' }));

    const section = screen.getByRole('region', { name: 'Transaction PIN' });
    expect(await within(section).findByRole('button', { name: 'Change PIN' })).toBeTruthy();
    expect(within(section).getByText(pinSectionTexts.set)).toBeTruthy();
    expect(api.callsTo('POST /api/v1/pin')[0]?.body).toEqual({ pin: '4826' });
  });

  it('opened at #transaction-pin (the first steps on the dashboard), puts the focus in the new PIN', async () => {
    profileApi();
    renderProfile('/profile#transaction-pin');
    const pin = await screen.findByLabelText('New PIN');
    await waitFor(() => {
      expect(document.activeElement).toBe(pin);
    });
  });
});

describe('choosing a new PIN from the mailed link', () => {
  it('never keeps a refused answer beside "do not match"', async () => {
    mockApi({
      'GET /api/v1/session': { body: { user: null } },
      'GET /api/v1/meta': sandboxMeta,
      'POST /api/v1/pin/reset': apiError(400, 'VALIDATION_FAILED', tooEasy),
    });
    const { user } = renderRoutes([{ path: '/', element: <ChangePinPage /> }], '/?token=tok_1');
    await user.type(await screen.findByLabelText('Account password'), 'my password 1');
    await user.type(screen.getByLabelText('New PIN'), '1111');
    await user.type(screen.getByLabelText('New PIN again'), '1111');
    await user.click(screen.getByRole('button', { name: 'Save new PIN' }));
    expect(await screen.findByText(`Error: ${tooEasy}`)).toBeTruthy();

    await user.clear(screen.getByLabelText('New PIN again'));
    await user.type(screen.getByLabelText('New PIN again'), '1112');
    await user.click(screen.getByRole('button', { name: 'Save new PIN' }));
    expect(await screen.findByText('The two PINs do not match.')).toBeTruthy();
    expect(screen.queryByText(`Error: ${tooEasy}`)).toBeNull();
  });
});

describe('the profile details', () => {
  it('lets a long email wrap after the @, never in the middle of a word first', async () => {
    const long = 'adaobi.nwosu-okonkwo.business@quickvend-example.com.ng';
    profileApi({}, long);
    renderProfile();
    const email = await screen.findByTestId('profile-email');
    expect(email.textContent).toBe(long);
    expect(email.querySelector('wbr')?.previousSibling?.textContent).toBe('adaobi.nwosu-okonkwo.business@');
    // the value has the card's whole width, not a narrow grid column beside its label
    expect(email.closest('dl')?.className).not.toMatch(/grid-cols/);
  });

  it('shows a breadcrumb, the profile card and two tabs, the second one the content it is given', async () => {
    profileApi({
      'GET /api/v1/profile': {
        body: {
          profile: aProfile({
            phone: '08031234567',
            birthday: '1994-02-28',
            partnerAccessSince: PARTNER_SINCE,
          }),
        },
      },
    });
    const { user, router } = renderProfile();
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'Account' }).getAttribute('href')).toBe('/account');
    const card = await screen.findByRole('region', { name: 'Your account' });
    expect(await within(card).findByText('Ada Obi')).toBeTruthy();
    expect(within(card).getByText(/Customer since March 2025/)).toBeTruthy();
    expect(within(card).getByText('Partner')).toBeTruthy();

    const details = screen.getByRole('tabpanel', { name: 'Profile' });
    expect(within(details).getByText('0803 123 4567')).toBeTruthy();
    expect(within(details).getByText('28 Feb 1994')).toBeTruthy();
    expect(within(details).getByText('http://localhost/signup?ref=abc123-XYZ789')).toBeTruthy();

    const notifications = screen.getByRole('tab', { name: 'Notifications' });
    expect(notifications.getAttribute('aria-selected')).toBe('false');
    await user.click(notifications);
    expect(screen.getByRole('tabpanel', { name: 'Notifications' }).textContent).toBe(
      'Your notifications here',
    );
    expect(router.state.location.search).toBe('?tab=notifications');
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Profile' }).getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Profile' }));
  });

  it('saves name, phone and birthday; the phone in any Nigerian form, a birthday to come refused first', async () => {
    const api = profileApi({
      'PUT /api/v1/profile': (body) => ({
        body: {
          profile: aProfile({ name: body.name, phone: '08031234567', birthday: body.birthday || null }),
        },
      }),
    });
    const { user } = renderProfile();
    await user.click(await screen.findByRole('button', { name: 'Edit details' }));
    const form = screen.getByRole('form', { name: 'Edit your details' });
    await user.clear(within(form).getByLabelText('Full name'));
    await user.type(within(form).getByLabelText('Full name'), 'Adaobi Obi');
    await user.type(within(form).getByLabelText('Phone number'), '+2348031234567');
    expect(within(form).getByLabelText<HTMLInputElement>('Phone number').value).toBe('+234 803 123 4567');
    const birthday = within(form).getByRole('group', { name: 'Birthday' });
    await user.selectOptions(within(birthday).getByLabelText('Day'), '28');
    await user.selectOptions(within(birthday).getByLabelText('Month'), 'February');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    const refusal = await within(birthday).findByText(profileTexts.birthdayInvalid);
    // in the words of the boxes on screen, never a YYYY-MM-DD nobody types here
    expect(refusal.textContent).toMatch(/day.+month.+year/);
    expect(refusal.textContent).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    await user.type(within(birthday).getByLabelText('Year'), '2999');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await within(form).findByText(profileTexts.birthdayInvalid)).toBeTruthy();
    expect(api.callsTo('PUT /api/v1/profile')).toHaveLength(0);

    await user.clear(within(birthday).getByLabelText('Year'));
    await user.type(within(birthday).getByLabelText('Year'), '1994');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Your details are saved.')).toBeTruthy();
    expect(api.callsTo('PUT /api/v1/profile')[0]?.body).toEqual({
      name: 'Adaobi Obi',
      phone: '08031234567',
      birthday: '1994-02-28',
    });
    expect(screen.getByText('Adaobi Obi', { selector: 'dd' })).toBeTruthy();
    expect(screen.getByText('28 Feb 1994')).toBeTruthy();
  });

  it('puts a refused phone number on its field', async () => {
    profileApi({
      'PUT /api/v1/profile': apiError(400, 'VALIDATION_FAILED', 'Invalid input.', {
        fields: { phone: messages.purchase.invalidNigerianPhone },
      }),
    });
    const { user } = renderProfile();
    await user.click(await screen.findByRole('button', { name: 'Edit details' }));
    await user.type(screen.getByLabelText('Phone number'), '0803123');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(messages.purchase.invalidNigerianPhone)).toBeTruthy();
    expect(screen.getByLabelText('Phone number').getAttribute('aria-invalid')).toBe('true');
  });

  it('asks for the password and says a link is on its way; the email shown stays the same', async () => {
    const api = profileApi({
      'POST /api/v1/profile/email': (body) => ({ status: 202, body: { sentTo: body.email.toLowerCase() } }),
    });
    const { user } = renderProfile();
    await user.click(await screen.findByRole('button', { name: 'Change' }));
    const form = screen.getByRole('form', { name: 'Change your email' });
    await user.type(within(form).getByLabelText('New email'), 'ada.new@example.com');
    await user.click(within(form).getByRole('button', { name: 'Send link' }));
    expect(await within(form).findByText('Enter your password.')).toBeTruthy();
    await user.type(within(form).getByLabelText('Your password'), 'ada password');
    await user.click(within(form).getByRole('button', { name: 'Send link' }));
    expect(await screen.findByText(profileTexts.emailLinkSent('ada.new@example.com'))).toBeTruthy();
    expect(api.callsTo('POST /api/v1/profile/email')[0]?.body).toEqual({
      email: 'ada.new@example.com',
      password: 'ada password',
    });
    expect(screen.getByTestId('profile-email').textContent).toBe('ada@example.com');
  });

  it.each([
    [apiError(404, 'NOT_FOUND', 'User details not found.'), messages.profile.notFound],
    [apiError(500, 'INTERNAL', 'Oops'), messages.profile.fetchFailed],
  ])('says so in the spec’s words when the details cannot be read', async (reply, text) => {
    profileApi({ 'GET /api/v1/profile': reply });
    renderProfile();
    expect(await screen.findByText(text)).toBeTruthy();
    expect(screen.queryByRole('tablist')).toBeNull();
  });

  it('says the user is not logged in when the session is gone', async () => {
    profileApi({ 'GET /api/v1/session': signedOut });
    renderProfile();
    expect(await screen.findByText(messages.profile.notLoggedIn)).toBeTruthy();
  });
});

describe('confirming a new email from the mailed link', () => {
  it('changes it only when the button is tapped, signed out too', async () => {
    const api = mockApi({
      'GET /api/v1/session': signedOut,
      'GET /api/v1/meta': sandboxMeta,
      'POST /api/v1/profile/email/confirm': { body: { email: 'ada.new@example.com', changed: true } },
    });
    const { user } = renderRoutes(
      [{ path: '/confirm-email', element: <ConfirmEmailPage /> }],
      '/confirm-email?token=tok_1',
    );
    const button = await screen.findByRole('button', { name: 'Confirm my email' });
    expect(api.callsTo('POST /api/v1/profile/email/confirm')).toHaveLength(0);
    await user.click(button);
    expect(await screen.findByText(profileTexts.emailChanged('ada.new@example.com'))).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Log in with your new email' }).getAttribute('href')).toBe(
      '/login',
    );
    expect(api.callsTo('POST /api/v1/profile/email/confirm')[0]?.body).toEqual({ token: 'tok_1' });
  });

  it('says a stale link is no good and where to get another', async () => {
    mockApi({
      'GET /api/v1/session': { body: { user: aUser() } },
      'GET /api/v1/meta': sandboxMeta,
      'POST /api/v1/profile/email/confirm': apiError(400, 'INVALID_TOKEN', profileTexts.emailLinkInvalid),
    });
    const { user } = renderRoutes(
      [{ path: '/confirm-email', element: <ConfirmEmailPage /> }],
      '/confirm-email?token=old',
    );
    await user.click(await screen.findByRole('button', { name: 'Confirm my email' }));
    expect(await screen.findByText(`Error: ${profileTexts.emailLinkInvalid}`)).toBeTruthy();
  });
});
