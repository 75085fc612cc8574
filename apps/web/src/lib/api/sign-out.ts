import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../api-client.ts';
import { paths } from '../paths.ts';
import { useNavigate } from '../router/index.ts';
import { clearSession } from '../session.ts';

export async function signOut(): Promise<void> {
  await call('POST /api/v1/auth/sign-out');
}

/**
 * Signs out on the server, forgets the session here, and goes to the login page. When the server cannot be
 * told, signing out locally still protects this device's screen; the cookie expires on its own.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const mutation = useMutation({
    mutationFn: signOut,
    onSettled: () => {
      clearSession(queryClient);
      void navigate(paths.login, { replace: true });
    },
  });
  return {
    logout: () => {
      mutation.mutate();
    },
    isLoggingOut: !mutation.isIdle,
  };
}
