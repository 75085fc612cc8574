import { describe, expect, it } from 'vitest';
import { errorLine } from './form-errors.ts';

describe('errorLine', () => {
  it("puts `Error: ` before the error's words", () => {
    expect(errorLine(new Error('Insufficient wallet balance.'))).toBe('Error: Insufficient wallet balance.');
  });

  it('says the fallback when what was thrown is not an error', () => {
    expect(errorLine(null, 'Could not send the email.')).toBe('Error: Could not send the email.');
    expect(errorLine('boom')).toBe('Error: Something went wrong. Please try again.');
  });
});
