// The admin remote's route tree, mounted by the shell at /admin/* behind its admin guard.

import { logout, useSession } from '@bet/web-shell/core';
import { Spinner, ThemeToggle } from '@bet/web-shell/ui';
import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { Link, NavLink, Outlet, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { Avatar } from './Avatar';
import './styles.css';
// the AI tools register themselves into the pages' slots
import './ai';

const SECTIONS = [
  { to: '/admin', label: 'Dashboard', end: true },
  { to: '/admin/users', label: 'Users' },
  { to: '/admin/games', label: 'Games' },
  { to: '/admin/withdrawals', label: 'Withdrawals' },
  { to: '/admin/risk', label: 'Risk Management' },
  { to: '/admin/aviator', label: 'Aviator Monitor' },
  { to: '/admin/promotions', label: 'Promotions' },
  { to: '/admin/rankings', label: 'Rankings' },
  // beyond the spec's sidebar: every admin action across the platform
  { to: '/admin/approvals', label: 'Approvals' },
  { to: '/admin/audit', label: 'Audit Log' },
];

function AdminLayout() {
  const user = useSession((s) => s.user);
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const navId = useId();
  const navigate = useNavigate();
  // biome-ignore lint/correctness/useExhaustiveDependencies: closes the menu on navigation
  useEffect(() => setOpen(false), [location.pathname]);
  return (
    <div className="admin">
      <a className="skip-link" href="#admin-main">
        Skip to content
      </a>
      <header className="admin__header">
        <button
          type="button"
          className="icon-btn admin__toggle"
          aria-expanded={open}
          aria-controls={navId}
          onClick={() => setOpen((o) => !o)}
        >
          <span aria-hidden="true">☰</span>
          <span className="visually-hidden">Admin menu</span>
        </button>
        <h1 className="admin__title">Admin Panel</h1>
        <div className="admin__account">
          {user ? (
            <span className="admin__user">
              <Avatar user={user} size={32} />
              <span className="admin__username">{user.username}</span>
            </span>
          ) : null}
          <ThemeToggle />
          <button
            type="button"
            className="btn btn--sm"
            onClick={() => {
              logout();
              navigate('/');
            }}
          >
            Logout
          </button>
        </div>
      </header>
      <div className="admin__body">
        <nav id={navId} className={open ? 'admin__nav admin__nav--open' : 'admin__nav'} aria-label="Admin">
          <ul>
            {SECTIONS.map((s) => (
              <li key={s.to}>
                <NavLink to={s.to} end={s.end}>
                  {s.label}
                </NavLink>
              </li>
            ))}
            <li className="admin__back">
              <Link to="/">Back to Site</Link>
            </li>
          </ul>
        </nav>
        <main id="admin-main" className="admin__main" tabIndex={-1}>
          <Suspense fallback={<Spinner />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
    </div>
  );
}

function AdminNotFound() {
  return (
    <section className="admin-page">
      <h2>404 - Page Not Found</h2>
      <p>
        <Link to="/admin">Back to the Dashboard</Link>
      </p>
    </section>
  );
}

// each screen is its own chunk, created once at module level (the layout's Suspense shows a spinner)
const Dashboard = lazy(() => import(/* webpackChunkName: "admin-dashboard" */ './pages/Dashboard'));
const Users = lazy(() => import(/* webpackChunkName: "admin-users" */ './pages/Users'));
const UserDetails = lazy(() => import(/* webpackChunkName: "admin-user" */ './pages/UserDetails'));
const Games = lazy(() => import(/* webpackChunkName: "admin-games" */ './pages/Games'));
const Withdrawals = lazy(() => import(/* webpackChunkName: "admin-withdrawals" */ './pages/Withdrawals'));
const Risk = lazy(() => import(/* webpackChunkName: "admin-risk" */ './pages/Risk'));
const Promotions = lazy(() => import(/* webpackChunkName: "admin-promotions" */ './pages/Promotions'));
const Rankings = lazy(() => import(/* webpackChunkName: "admin-rankings" */ './pages/Rankings'));
const AviatorMonitor = lazy(() => import(/* webpackChunkName: "admin-aviator" */ './pages/AviatorMonitor'));
const AuditLog = lazy(() => import(/* webpackChunkName: "admin-audit" */ './pages/AuditLog'));
const Approvals = lazy(() => import(/* webpackChunkName: "admin-approvals" */ './pages/Approvals'));

export default function AdminRoutes() {
  return (
    <Routes>
      <Route element={<AdminLayout />}>
        <Route index element={<Dashboard />} />
        <Route path="users" element={<Users />} />
        <Route path="users/:userId" element={<UserDetails />} />
        <Route path="games" element={<Games />} />
        <Route path="withdrawals" element={<Withdrawals />} />
        <Route path="risk" element={<Risk />} />
        <Route path="aviator" element={<AviatorMonitor />} />
        <Route path="promotions" element={<Promotions />} />
        <Route path="rankings" element={<Rankings />} />
        <Route path="audit" element={<AuditLog />} />
        <Route path="approvals" element={<Approvals />} />
        <Route path="*" element={<AdminNotFound />} />
      </Route>
    </Routes>
  );
}
