/** Who a login or registration page is for: customers at `/login` and `/signup`, admins at their own. */
export type Audience = 'customer' | 'admin';

/** Pause after a success message so it can be read before the next page. */
export const SUCCESS_PAUSE_MS = 500;

export type Status = { text: string; tone: 'success' | 'error' };

/** A field error shown under the input, unless it is the form-wide "required" message. */
export function fieldError(message: string | undefined, formWideMessage: string): string | undefined {
  return message === formWideMessage ? undefined : message;
}
