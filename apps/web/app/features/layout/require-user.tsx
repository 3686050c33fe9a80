import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { getLoggedUser, type LoggedUser } from '~/lib/session.ts';
import { useAccount } from '~/lib/account-store.ts';

/** /profile and /address need a signed-in user; anonymous visitors go to /. */
export function RequireUser({ children }: { children: (user: LoggedUser) => React.ReactNode }) {
  const navigate = useNavigate();
  // Null on the server and while hydrating (the store's server snapshot), then the stored user.
  const { loggedUser: user } = useAccount();
  useEffect(() => {
    if (!getLoggedUser()) navigate('/', { replace: true });
  }, [navigate]);
  if (!user) return <div className="min-h-[50vh]" aria-busy="true" />;
  return <>{children(user)}</>;
}
