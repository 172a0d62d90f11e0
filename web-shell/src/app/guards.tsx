import { useSession } from '@bet/web-shell/core';
import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { Spinner } from './Spinner';

/** Logged-in guard: spinner while the session resolves, then /login remembering where we came from. */
export function RequireAuth({ children }: { children?: ReactNode }) {
  const status = useSession((s) => s.status);
  const location = useLocation();
  if (status === 'loading') return <Spinner label="Checking your session…" fullPage />;
  if (status !== 'authenticated') return <Navigate to="/login" replace state={{ from: location }} />;
  return <>{children ?? <Outlet />}</>;
}

/** Admin guard: /login when signed out, / for a non-admin. Nothing of the admin remote loads before. */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { status, user } = useSession();
  const location = useLocation();
  if (status === 'loading') return <Spinner label="Checking your session…" fullPage />;
  if (status !== 'authenticated' || !user) return <Navigate to="/login" replace state={{ from: location }} />;
  if (user.role !== 'admin') return <Navigate to="/" replace />;
  return <>{children}</>;
}
