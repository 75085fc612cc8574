import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError } from '@/lib/api-client.ts';

/** Pause after a success message so it can be read before the next page. */
export const SUCCESS_PAUSE_MS = 500;

export type Status = { text: string; tone: 'success' | 'error' };

/** Puts the server's per-field messages (`details.fields`) on the matching inputs. */
export function applyFieldErrors<T extends FieldValues>(
  error: unknown,
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
): void {
  if (!isApiError(error)) return;
  const fieldErrors = error.fieldErrors;
  for (const field of fields) {
    const message = fieldErrors[field];
    if (message) setError(field, { type: 'server', message });
  }
}

export function errorMessageOf(error: unknown): string {
  return error instanceof Error ? error.message : 'Something went wrong. Please try again.';
}

/** A field error shown under the input, unless it is the form-wide "required" message. */
export function fieldError(message: string | undefined, formWideMessage: string): string | undefined {
  return message === formWideMessage ? undefined : message;
}
