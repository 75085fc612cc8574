import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError } from './api-client.ts';

const UNKNOWN_ERROR = 'Something went wrong. Please try again.';

/** What went wrong, in the words of the error (the server's message for a refused request). */
export function errorMessageOf(error: unknown, fallback = UNKNOWN_ERROR): string {
  return error instanceof Error ? error.message : fallback;
}

/** A status line saying what went wrong: `Error: ` and the error's words (or the fallback's). */
export function errorLine(error: unknown, fallback = UNKNOWN_ERROR): string {
  return `Error: ${errorMessageOf(error, fallback)}`;
}

/**
 * Puts a refused request's per-field messages (`details.fields`) on the matching inputs. Returns whether
 * any input took one.
 */
export function setServerFieldErrors<T extends FieldValues>(
  error: unknown,
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
): boolean {
  if (!isApiError(error)) return false;
  const fieldErrors = error.fieldErrors;
  let isShownOnField = false;
  for (const field of fields) {
    const message = fieldErrors[field];
    if (message) {
      setError(field, { type: 'server', message });
      isShownOnField = true;
    }
  }
  return isShownOnField;
}

/**
 * A refused request shown on a form: its per-field messages on the inputs, or else the text for the form's
 * status line (`Error: ...`); null when the inputs say it all.
 */
export function showServerError<T extends FieldValues>(
  error: unknown,
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
  fallback = UNKNOWN_ERROR,
): string | null {
  return setServerFieldErrors(error, fields, setError) ? null : errorLine(error, fallback);
}
