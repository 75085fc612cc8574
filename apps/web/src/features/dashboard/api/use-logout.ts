import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@/lib/router/index.ts';
import { paths } from '@/lib/paths.ts';
import { clearSession, signOut } from '@/lib/session.ts';

/** Signs out on the server, forgets the session here, and goes to the login page. */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [isLoggingOut, setIsLoggingOut] = useState(false);

  const logout = async () => {
    setIsLoggingOut(true);
    try {
      await signOut();
    } catch {
      // signing out locally still protects this device's screen; the cookie expires on its own
    }
    clearSession(queryClient);
    void navigate(paths.login, { replace: true });
  };

  return {
    logout: () => {
      void logout();
    },
    isLoggingOut,
  };
}
