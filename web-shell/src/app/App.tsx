import { type RemoteRoute, Toaster, useDeployment, useTheme } from '@bet/web-shell/core';
import { type ComponentType, lazy, Suspense, useEffect, useState } from 'react';
import {
  createBrowserRouter,
  Outlet,
  type RouteObject,
  RouterProvider,
  ScrollRestoration,
} from 'react-router-dom';
import { RequireAdmin, RequireAuth } from './guards';
import { Layout } from './Layout';
import { NotFound } from './NotFound';
import { RemoteBoundary, RemoteUnavailable } from './RemoteBoundary';
import { Spinner } from './Spinner';

// Fetched only when an admin opens /admin: the import sits behind the admin guard.
const AdminArea = lazy(() => import('admin/routes'));

const PHONE = '(max-width: 960px)';

/** Whether the screen is a phone's (the width at which the tab bar shows). */
function usePhone(): boolean {
  const [phone, setPhone] = useState(() => window.matchMedia?.(PHONE).matches ?? false);
  useEffect(() => {
    const mq = window.matchMedia?.(PHONE);
    if (!mq) return;
    const on = () => setPhone(mq.matches);
    mq.addEventListener('change', on);
    return () => mq.removeEventListener('change', on);
  }, []);
  return phone;
}

function Root() {
  const theme = useTheme((s) => s.theme);
  const phone = usePhone();
  // desktop: top centre, clear of the account menu, the balance and the slip column; phone: at
  // the bottom, above the tab bar and the slip bar, never over the balance in the header
  const bottom = 'calc(var(--tabbar-h) + 68px)';
  return (
    <>
      <ScrollRestoration />
      <Outlet />
      <Toaster
        theme={theme}
        position={phone ? 'bottom-center' : 'top-center'}
        offset={phone ? { bottom } : 72}
        mobileOffset={phone ? { bottom, left: 8, right: 8 } : { top: 72 }}
        visibleToasts={3}
        richColors
        closeButton
      />
    </>
  );
}

function Bare() {
  return (
    <RemoteBoundary what="this page">
      <Suspense fallback={<Spinner fullPage />}>
        <Outlet />
      </Suspense>
    </RemoteBoundary>
  );
}

function RouteError() {
  return <RemoteUnavailable what="this page" />;
}

export function buildRoutes(
  player: RemoteRoute[] | null,
  overlay: ComponentType | null = null,
): RouteObject[] {
  const toRoute = (r: RemoteRoute): RouteObject => ({ path: r.path, Component: r.Component });
  const list = player ?? [];
  const bare = list.filter((r) => r.layout === 'bare');
  const main = list.filter((r) => r.layout !== 'bare');
  return [
    {
      Component: Root,
      errorElement: <RouteError />,
      children: [
        { Component: Bare, children: bare.map(toRoute) },
        {
          path: 'admin/*',
          element: (
            <RequireAdmin>
              <RemoteBoundary what="the admin panel">
                <Suspense fallback={<Spinner label="Loading the admin panel…" fullPage />}>
                  <AdminArea />
                </Suspense>
              </RemoteBoundary>
            </RequireAdmin>
          ),
        },
        {
          element: <Layout overlay={overlay} />,
          children: [
            ...main.filter((r) => r.access !== 'auth').map(toRoute),
            { Component: RequireAuth, children: main.filter((r) => r.access === 'auth').map(toRoute) },
            {
              path: '*',
              element: player ? <NotFound /> : <RemoteUnavailable what="the betting pages" />,
            },
          ],
        },
      ],
    },
  ];
}

type Loaded = { router: ReturnType<typeof createBrowserRouter> };

export function App() {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  // every amount on the page is formatted in the deployment's currency: when the server names
  // another one than the page started with (a first visit), everything is drawn again in it
  const currency = useDeployment((s) => s.currency);
  useEffect(() => {
    let cancelled = false;
    import('player/routes')
      .then((m) => ({ routes: m.routes, overlay: m.Overlay ?? null }))
      .catch((err) => {
        console.error('[shell] the player remote failed to load', err);
        return { routes: null, overlay: null };
      })
      .then(({ routes, overlay }) => {
        if (!cancelled) setLoaded({ router: createBrowserRouter(buildRoutes(routes, overlay)) });
      });
    return () => {
      cancelled = true;
    };
  }, []);
  if (!loaded) return <Spinner label="Loading…" fullPage />;
  return <RouterProvider key={currency} router={loaded.router} />;
}
