import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import type { SignInBody } from '@quickvend/shared/api/auth';
import { messages } from '@quickvend/shared/messages';
import { Input } from '@/components/ui/input.tsx';
import { fieldError } from './form-helpers.ts';

const fieldNames = ['email', 'password'] as const;

/** The spec's one message when either field is empty, or null when the problem is something else. */
export function missingCredentialsMessage(invalid: FieldErrors<SignInBody>): string | null {
  const isMissing = fieldNames.some((name) => invalid[name]?.message === messages.auth.loginRequired);
  return isMissing ? messages.auth.loginRequired : null;
}

type CredentialsFieldsProps = {
  register: UseFormRegister<SignInBody>;
  errors: FieldErrors<SignInBody>;
};

/**
 * Email and password of the login and admin-login forms. "Both are required" is said once by the
 * form's status line, so it is not repeated under each input.
 */
export function CredentialsFields({ register, errors }: CredentialsFieldsProps) {
  return (
    <>
      <Input
        label="Email"
        type="email"
        autoComplete="email"
        inputMode="email"
        {...register('email')}
        error={fieldError(errors.email?.message, messages.auth.loginRequired)}
      />
      <Input
        label="Password"
        type="password"
        autoComplete="current-password"
        {...register('password')}
        error={fieldError(errors.password?.message, messages.auth.loginRequired)}
      />
    </>
  );
}
