/*
 * Whether this browser was signed in when the app last knew, kept in localStorage. The landing, rendered at
 * build and brought to life without React, reads it to offer the dashboard instead of Sign up and Login
 * without asking the server. Only a hint: the dashboard checks the session itself.
 */
const KEY = 'quickvend.signedIn';

export function rememberSignedIn(isSignedIn: boolean): void {
  try {
    if (isSignedIn) window.localStorage.setItem(KEY, '1');
    else window.localStorage.removeItem(KEY);
  } catch {
    // storage refused (private mode, full): the landing offers Sign up and Login
  }
}

export function wasSignedIn(): boolean {
  try {
    return window.localStorage.getItem(KEY) === '1';
  } catch {
    return false;
  }
}
