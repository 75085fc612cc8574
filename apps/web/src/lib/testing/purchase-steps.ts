import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { expect } from 'vitest';

/** Taps a PIN on the purchase's PIN pad, digit by digit. */
export async function enterPin(user: UserEvent, pin: string) {
  const keys = await screen.findByRole('group', { name: 'PIN keys' });
  for (const digit of pin) await user.click(within(keys).getByRole('button', { name: digit }));
}

/** The text is shown, as an error. */
export async function expectError(text: string) {
  const message = await screen.findByText(text);
  expect(message.getAttribute('data-tone')).toBe('error');
}
