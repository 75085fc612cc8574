import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError } from '@/lib/api-client.ts';

/**
 * Puts a refused request's per-field messages (`details.fields`) on the matching inputs. Returns the
 * text for the form's status line when no field took the message.
 */
export function showServerError<T extends FieldValues>(
  error: unknown,
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
): string | null {
  if (isApiError(error)) {
    const fieldErrors = error.fieldErrors;
    let isShownOnField = false;
    for (const field of fields) {
      const message = fieldErrors[field];
      if (message) {
        setError(field, { type: 'server', message });
        isShownOnField = true;
      }
    }
    if (isShownOnField) return null;
  }
  return `Error: ${error instanceof Error ? error.message : 'Something went wrong. Please try again.'}`;
}
