import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages } from '@quickvend/shared/messages';
import { apiError, aUser, aWallet, mockApi, sandboxMeta, signedOut } from '@/lib/testing/mock-api.ts';
import { renderApp } from '../testing.tsx';

const wallet = aWallet(0);

describe('sign-up page', () => {
  it('asks for every field and never calls the server when the form is empty', async () => {
    const api = mockApi({ 'GET /api/v1/session': signedOut, 'GET /api/v1/meta': sandboxMeta });
    const { user } = renderApp('/signup');
    await user.click(await screen.findByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText(messages.auth.signupRequired)).toBeTruthy();
    expect(api.callsTo('POST /api/v1/auth/sign-up')).toHaveLength(0);
  });

  it('asks for every field when only one is missing', async () => {
    const api = mockApi({ 'GET /api/v1/session': signedOut, 'GET /api/v1/meta': sandboxMeta });
    const { user } = renderApp('/signup');
    await user.type(await screen.findByLabelText('Full name'), 'Ada Obi');
    await user.type(screen.getByLabelText('Email address'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText(messages.auth.signupRequired)).toBeTruthy();
    expect(api.callsTo('POST /api/v1/auth/sign-up')).toHaveLength(0);
  });

  it('signs up, sends the remembered referral code as JSON, and goes to the dashboard', async () => {
    const api = mockApi({
      'GET /api/v1/session': signedOut,
      'GET /api/v1/meta': sandboxMeta,
      'GET /api/v1/wallet': wallet,
      'POST /api/v1/auth/sign-up': (body) => ({ status: 201, body: { user: aUser({ name: body.name }) } }),
    });
    const { user, router } = renderApp('/signup?ref=usr_9-ABC123');
    await user.type(await screen.findByLabelText('Full name'), 'Ada Obi');
    await user.type(screen.getByLabelText('Email address'), 'Ada@Example.com');
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    api.set('GET /api/v1/session', { body: { user: aUser() } });
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    expect((await screen.findAllByText(messages.auth.signupSuccess)).length).toBeGreaterThan(0);
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/dashboard');
    });
    expect(await screen.findByRole('heading', { name: 'Welcome, Ada Obi' })).toBeTruthy();

    const [call] = api.callsTo('POST /api/v1/auth/sign-up');
    expect(call?.body).toEqual({
      name: 'Ada Obi',
      email: 'ada@example.com',
      password: 'correct horse',
      ref: 'usr_9-ABC123',
    });
    expect(call?.headers['content-type']).toBe('application/json');
  });

  it('shows the referral code it arrived with in a field of its own; a code the server does not know is said there and forgotten', async () => {
    const api = mockApi({
      'GET /api/v1/session': signedOut,
      'GET /api/v1/meta': sandboxMeta,
      'POST /api/v1/auth/sign-up': apiError(400, 'VALIDATION_FAILED', messages.referrals.unknownCode, {
        fields: { ref: messages.referrals.unknownCode },
      }),
    });
    const { user } = renderApp('/signup?ref=abcdef-ZZZ999');
    const code = await screen.findByLabelText<HTMLInputElement>('Referral code (optional)');
    expect(code.value).toBe('abcdef-ZZZ999');
    await user.type(screen.getByLabelText('Full name'), 'Ada Obi');
    await user.type(screen.getByLabelText('Email address'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    const said = await screen.findByText(messages.referrals.unknownCode);
    expect(said.id).toMatch(/-error$/);
    expect(code.getAttribute('aria-invalid')).toBe('true');
    // said once, under the code, never again on the status line
    expect(screen.getAllByText(messages.referrals.unknownCode, { exact: false })).toHaveLength(1);
    expect(window.localStorage.getItem('quickvend.ref')).toBeNull();

    // cleared, the form signs up without a code
    api.set('POST /api/v1/auth/sign-up', (body) => ({
      status: 201,
      body: { user: aUser({ name: body.name }) },
    }));
    await user.clear(code);
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    await waitFor(() => {
      expect(api.callsTo('POST /api/v1/auth/sign-up')).toHaveLength(2);
    });
    expect(api.callsTo('POST /api/v1/auth/sign-up')[1]?.body).toEqual({
      name: 'Ada Obi',
      email: 'ada@example.com',
      password: 'correct horse',
    });
  });

  it('shows the server error with the word Error', async () => {
    mockApi({
      'GET /api/v1/session': signedOut,
      'GET /api/v1/meta': sandboxMeta,
      'POST /api/v1/auth/sign-up': apiError(409, 'EMAIL_TAKEN', 'An account with this email already exists.'),
    });
    const { user, router } = renderApp('/signup');
    await user.type(await screen.findByLabelText('Full name'), 'Ada Obi');
    await user.type(screen.getByLabelText('Email address'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText('Error: An account with this email already exists.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/signup');
    expect(screen.getByRole('button', { name: 'Sign Up' })).toHaveProperty('disabled', false);
  });
});

describe('login page', () => {
  it('asks for both fields and never calls the server when empty', async () => {
    const api = mockApi({ 'GET /api/v1/session': signedOut, 'GET /api/v1/meta': sandboxMeta });
    const { user } = renderApp('/login');
    await user.click(await screen.findByRole('button', { name: 'Login' }));
    expect(await screen.findByText(messages.auth.loginRequired)).toBeTruthy();
    expect(api.callsTo('POST /api/v1/auth/sign-in')).toHaveLength(0);
  });

  it('shows a failed login with the word Error and links to sign-up and reset', async () => {
    mockApi({
      'GET /api/v1/session': signedOut,
      'GET /api/v1/meta': sandboxMeta,
      'POST /api/v1/auth/sign-in': apiError(401, 'INVALID_CREDENTIALS', messages.auth.invalidCredentials),
    });
    const { user } = renderApp('/login');
    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong password');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Error: Invalid email or password.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign Up' }).getAttribute('href')).toBe('/signup');
    expect(screen.getByRole('link', { name: 'Reset Password' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
  });

  it('logs in and goes to the dashboard', async () => {
    const api = mockApi({
      'GET /api/v1/session': signedOut,
      'GET /api/v1/meta': sandboxMeta,
      'GET /api/v1/wallet': wallet,
      'POST /api/v1/auth/sign-in': { body: { user: aUser() } },
    });
    const { user, router } = renderApp('/login');
    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    api.set('GET /api/v1/session', { body: { user: aUser() } });
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect((await screen.findAllByText(messages.auth.loginSuccess)).length).toBeGreaterThan(0);
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/dashboard');
    });
  });
});

describe('admin login page', () => {
  it('refuses a non-admin and signs them out again', async () => {
    const api = mockApi({
      'GET /api/v1/session': signedOut,
      'GET /api/v1/meta': sandboxMeta,
      'POST /api/v1/auth/sign-in': { body: { user: aUser({ role: 'user' }) } },
      'POST /api/v1/auth/sign-out': { status: 204, body: undefined },
    });
    const { user, router } = renderApp('/Adminlogin');
    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Access denied. You are not an admin.')).toBeTruthy();
    await waitFor(() => {
      expect(api.callsTo('POST /api/v1/auth/sign-out')).toHaveLength(1);
    });
    expect(router.state.location.pathname).toBe('/Adminlogin');
  });

  it('shows exactly the bad-credentials message', async () => {
    mockApi({
      'GET /api/v1/session': signedOut,
      'GET /api/v1/meta': sandboxMeta,
      'POST /api/v1/auth/sign-in': apiError(401, 'INVALID_CREDENTIALS', messages.auth.invalidCredentials),
    });
    const { user } = renderApp('/Adminlogin');
    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong password');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect((await screen.findByRole('status')).textContent).toBe('Invalid email or password.');
  });

  it('takes an admin to /admin', async () => {
    const admin = aUser({ role: 'admin', name: 'Chief' });
    const api = mockApi({
      'GET /api/v1/session': signedOut,
      'GET /api/v1/meta': sandboxMeta,
      'GET /api/v1/wallet': wallet,
      'POST /api/v1/auth/sign-in': { body: { user: admin } },
    });
    const { user, router } = renderApp('/Adminlogin');
    await user.type(await screen.findByLabelText('Email'), 'chief@example.com');
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    api.set('GET /api/v1/session', { body: { user: admin } });
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/admin');
    });
    expect(await screen.findByRole('navigation', { name: 'Back office' })).toBeTruthy();
  });
});

describe('admin registration page', () => {
  it('refuses without an invitation and shows no form', async () => {
    mockApi({ 'GET /api/v1/session': signedOut, 'GET /api/v1/meta': sandboxMeta });
    renderApp('/AdminRegister');
    expect(await screen.findByText(/invitation/i)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Register' })).toBeNull();
  });

  it('refuses an invitation the server does not know', async () => {
    mockApi({
      'GET /api/v1/session': signedOut,
      'GET /api/v1/meta': sandboxMeta,
      'GET /api/v1/admin/invitations/:token': apiError(404, 'NOT_FOUND', 'Not found.'),
    });
    renderApp('/AdminRegister?invite=bad');
    expect(await screen.findByText(/invitation/i)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Register' })).toBeNull();
  });

  it('prefills the invited email and checks that the passwords match', async () => {
    const api = mockApi({
      'GET /api/v1/session': signedOut,
      'GET /api/v1/meta': sandboxMeta,
      'GET /api/v1/admin/invitations/:token': { body: { email: 'new@example.com' } },
      'POST /api/v1/auth/admin-register': apiError(400, 'INVALID_TOKEN', 'This invitation has expired.'),
    });
    const { user } = renderApp('/AdminRegister?invite=tok_1');
    const email = await screen.findByLabelText('Email');
    expect((email as HTMLInputElement).value).toBe('new@example.com');
    expect(screen.getByLabelText('Password').getAttribute('placeholder')).toBe('More than 6 characters');
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.type(screen.getByLabelText('Confirm password'), 'correct horsf');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText(messages.auth.passwordsDoNotMatch)).toBeTruthy();
    expect(api.callsTo('POST /api/v1/auth/admin-register')).toHaveLength(0);

    await user.clear(screen.getByLabelText('Confirm password'));
    await user.type(screen.getByLabelText('Confirm password'), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText(messages.auth.adminRegistrationFailed)).toBeTruthy();
    expect(api.callsTo('POST /api/v1/auth/admin-register')[0]?.body).toEqual({
      token: 'tok_1',
      email: 'new@example.com',
      password: 'correct horse',
    });
  });
});

describe('forgot-password page', () => {
  it('confirms without saying whether the account exists, and links to the sandbox mailbox', async () => {
    const api = mockApi({
      'GET /api/v1/session': signedOut,
      'GET /api/v1/meta': sandboxMeta,
      'POST /api/v1/auth/forgot-password': { status: 202, body: { ok: true } },
    });
    const { user } = renderApp('/forgot-password');
    await user.type(await screen.findByLabelText('Email address'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText(/If an account exists for ada@example.com/)).toBeTruthy();
    const mailbox = screen.getByRole('link', { name: 'Sandbox: open the mailbox to read the email' });
    expect(mailbox.getAttribute('href')).toBe('/sandbox/mailbox');
    expect(api.callsTo('POST /api/v1/auth/forgot-password')[0]?.body).toEqual({ email: 'ada@example.com' });
  });
});

describe('reset-password page', () => {
  it('checks that the passwords match, then links to login', async () => {
    const api = mockApi({
      'GET /api/v1/session': signedOut,
      'GET /api/v1/meta': sandboxMeta,
      'POST /api/v1/auth/reset-password': { body: { ok: true } },
    });
    const { user } = renderApp('/reset-password?token=rst_1');
    await user.type(await screen.findByLabelText('New password'), 'new password 1');
    await user.type(screen.getByLabelText('Confirm new password'), 'new password 2');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByText(messages.auth.passwordsDoNotMatch)).toBeTruthy();
    expect(api.callsTo('POST /api/v1/auth/reset-password')).toHaveLength(0);

    await user.clear(screen.getByLabelText('Confirm new password'));
    await user.type(screen.getByLabelText('Confirm new password'), 'new password 1');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    expect((await screen.findByRole('link', { name: 'Go to login' })).getAttribute('href')).toBe('/login');
    expect(api.callsTo('POST /api/v1/auth/reset-password')[0]?.body).toEqual({
      token: 'rst_1',
      password: 'new password 1',
    });
  });
});
