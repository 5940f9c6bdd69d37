import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import type { SessionUser } from '@domain/contract';
import { currentUser } from '@web/api/session';
import { getHost } from '@web/host';

interface SessionValue {
  user: SessionUser | undefined;
  /** Re-reads the stored token (after sign-in). */
  refresh(): void;
  signOut(): void;
}

const SessionContext = createContext<SessionValue>({ user: undefined, refresh: () => {}, signOut: () => {} });

export function SessionProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<SessionUser | undefined>(() => currentUser());
  const refresh = useCallback(() => setUser(currentUser()), []);
  const signOut = useCallback(() => {
    setUser(undefined);
    getHost().signOut();
  }, []);
  const value = useMemo(() => ({ user, refresh, signOut }), [user, refresh, signOut]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export const useSession = () => useContext(SessionContext);
