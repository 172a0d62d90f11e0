import { loadDeployment, useDeployment } from '@bet/web-shell/core';
import { type ComponentType, Suspense, useEffect, useRef, useState } from 'react';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { Nav } from './Nav';
import { BreakBanner, RealityCheck } from './PlayerProtection';
import { RemoteBoundary } from './RemoteBoundary';
import { Spinner } from './Spinner';
import { TabBar } from './TabBar';

function ScrollToTop() {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const onScroll = () => setVisible(window.scrollY > 300);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  if (!visible) return null;
  return (
    <button
      type="button"
      className="scroll-top"
      aria-label="Scroll to top"
      onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
    >
      <span aria-hidden="true">↑</span>
    </button>
  );
}

function Footer() {
  return (
    <footer className="site-footer">
      <p className="site-footer__notice">
        <strong>18+ Gamble responsibly.</strong> Betting should be fun, not a way to make money. Only stake
        what you can afford to lose, and set weekly limits in your account settings. If gambling stops being
        fun, take a break and seek help.
      </p>
      <p className="muted">
        © {new Date().getFullYear()} BetArena. Odds and results are for information only.{' '}
        <Link to="/terms">Terms &amp; Conditions</Link>
      </p>
    </footer>
  );
}

/**
 * Deposits through the sandbox provider move no real money: say so on every page while it is
 * the wallet's provider (GET /wallet/payments), so nobody mistakes the test checkout for a bank.
 */
export function SandboxBanner() {
  const sandbox = useDeployment((s) => s.sandbox);
  useEffect(() => {
    void loadDeployment();
  }, []);
  if (!sandbox) return null;
  return (
    <div className="alert alert--warning sandbox-banner" role="status">
      <strong>Sandbox payments.</strong> Deposits use a test checkout: no real money is charged or paid out.
    </div>
  );
}

/** Site layout: top navigation, the page, footer and the scroll-to-top button. */
/** After an in-app navigation, keyboard and screen-reader users start from the new page's content. */
function useFocusMainOnNavigation(pathname: string) {
  const first = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every path change
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    document.getElementById('main')?.focus({ preventScroll: true });
  }, [pathname]);
}

export function Layout({ overlay: Overlay = null }: { overlay?: ComponentType | null }) {
  const location = useLocation();
  useFocusMainOnNavigation(location.pathname);
  return (
    <div className="app">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <SandboxBanner />
      <BreakBanner />
      <Nav />
      <main id="main" className="app__main" tabIndex={-1}>
        <RemoteBoundary key={location.pathname} what="this page">
          <Suspense fallback={<Spinner label="Loading page…" fullPage />}>
            <Outlet />
          </Suspense>
        </RemoteBoundary>
      </main>
      <Footer />
      <TabBar />
      <ScrollToTop />
      <RealityCheck />
      {Overlay && (
        <RemoteBoundary what="the chat">
          <Overlay />
        </RemoteBoundary>
      )}
    </div>
  );
}
