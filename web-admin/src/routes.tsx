// The admin remote's route tree, mounted by the shell at /admin/* behind its admin guard.

import { useSession } from '@bet/web-shell/core';
import { useEffect, useId, useState } from 'react';
import { Link, NavLink, Outlet, Route, Routes, useLocation } from 'react-router-dom';
import './styles.css';

const SECTIONS = [
  { to: '/admin', label: 'Dashboard', end: true },
  { to: '/admin/users', label: 'Users' },
  { to: '/admin/games', label: 'Games' },
  { to: '/admin/withdrawals', label: 'Withdrawals' },
  { to: '/admin/risk', label: 'Risk Management' },
  { to: '/admin/aviator', label: 'Aviator Monitor' },
  { to: '/admin/promotions', label: 'Promotions' },
  { to: '/admin/rankings', label: 'Rankings' },
];

function AdminLayout() {
  const user = useSession((s) => s.user);
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const navId = useId();
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
        <span className="admin__user">{user?.username}</span>
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
          <Outlet />
        </main>
      </div>
    </div>
  );
}

/** Route shell of an admin screen whose content arrives with the admin issue. */
function Pending({ title, summary }: { title: string; summary: string }) {
  return (
    <section className="admin-page">
      <h2>{title}</h2>
      <p>{summary}</p>
      <p className="admin-page__notice" role="note">
        Not available yet: this screen arrives with the admin issue. No data is shown here until then.
      </p>
    </section>
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

/** Every admin screen of the spec; each arrives with the admin issue. */
const PAGES: Array<{ path: string | null; title: string; summary: string }> = [
  {
    path: null,
    title: 'Dashboard',
    summary: 'Platform overview, financial snapshot, manual game sync and marketing tools.',
  },
  { path: 'users', title: 'User Management', summary: 'Search, promote, demote and delete users.' },
  {
    path: 'users/:userId',
    title: 'User Details',
    summary: "A user's profile, wallet adjustments, transactions and bets.",
  },
  { path: 'games', title: 'Game Management', summary: 'Create, edit, settle and cancel games.' },
  { path: 'withdrawals', title: 'Withdrawal Requests', summary: 'Approve or reject pending withdrawals.' },
  {
    path: 'risk',
    title: 'Risk Management',
    summary: 'Platform exposure, per-game risk and odds adjustments.',
  },
  {
    path: 'aviator',
    title: 'Aviator Monitor',
    summary: 'The live Aviator round: state, multiplier and round hash.',
  },
  { path: 'promotions', title: 'Manage Promotions', summary: 'Create, edit and delete promotions.' },
  {
    path: 'rankings',
    title: 'Team Power Rankings',
    summary: 'Manage team rankings used by the odds and the AI.',
  },
];

export default function AdminRoutes() {
  return (
    <Routes>
      <Route element={<AdminLayout />}>
        {PAGES.map(({ path, title, summary }) =>
          path === null ? (
            <Route key="index" index element={<Pending title={title} summary={summary} />} />
          ) : (
            <Route key={path} path={path} element={<Pending title={title} summary={summary} />} />
          ),
        )}
        <Route path="*" element={<AdminNotFound />} />
      </Route>
    </Routes>
  );
}
