import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { getLoggedUser, type LoggedUser } from '~/lib/session.ts';

/** Spec §2: /profile and /address need a signed-in user; anonymous visitors go to /. */
export function RequireUser({ children }: { children: (user: LoggedUser) => React.ReactNode }) {
  const navigate = useNavigate();
  const [user, setUser] = useState<LoggedUser | null>(null);
  useEffect(() => {
    const u = getLoggedUser();
    if (!u) navigate('/', { replace: true });
    else setUser(u);
  }, [navigate]);
  if (!user) return <div className="min-h-[50vh]" aria-busy="true" />;
  return <>{children(user)}</>;
}
