import { formatMoney, initials, logout, useSession, useWallet } from '@bet/web-shell/core';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { ThemeToggle } from '../ui/ThemeToggle';

/** The profile menu; its open state lives in Nav so the two menus never cover each other. */
function ProfileMenu({ open, setOpen }: { open: boolean; setOpen: (open: boolean) => void }) {
  const user = useSession((s) => s.user);
  const ref = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const location = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: closes the menu on navigation
  useEffect(() => setOpen(false), [location.pathname]);
  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (ref.current && !ref.current.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open, setOpen]);

  if (!user) return null;
  return (
    <div className="profile-menu" ref={ref}>
      <button
        ref={buttonRef}
        type="button"
        className="profile-menu__button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen(!open)}
      >
        {user.profilePicture ? (
          <img className="avatar avatar--sm" src={user.profilePicture} alt="" />
        ) : (
          <span className="avatar avatar--sm" aria-hidden="true">
            {initials(user)}
          </span>
        )}
        <span className="profile-menu__name">{user.username}</span>
        <span className="visually-hidden"> account menu</span>
      </button>
      {open && (
        <ul className="profile-menu__list" id={menuId}>
          <li>
            <Link to="/profile">Profile</Link>
          </li>
          <li>
            <Link to="/wallet">Wallet</Link>
          </li>
          <li>
            <Link to="/settings">Settings</Link>
          </li>
          {user.role === 'admin' && (
            <li>
              <Link to="/admin">Admin Panel</Link>
            </li>
          )}
          <li>
            <button type="button" onClick={() => logout()}>
              Logout
            </button>
          </li>
        </ul>
      )}
    </div>
  );
}

/** The balance, always in view for a signed-in player, and the way to top it up. */
function BalanceChip() {
  const balance = useWallet((s) => s.balance);
  const bonus = useWallet((s) => s.bonus);
  const hasBonus = bonus !== null && bonus > 0;
  const amount = balance === null ? '…' : formatMoney(balance);
  return (
    <div className="balance-chip">
      <Link
        to="/wallet"
        // a long figure (₦1,000,000.00) is set smaller on a phone, so the header still fits
        className={
          amount.length > 10 ? 'balance-chip__amount balance-chip__amount--long' : 'balance-chip__amount'
        }
        title={hasBonus ? `Your balance, and ${formatMoney(bonus)} bonus` : 'Your balance'}
      >
        <span className="visually-hidden">Balance </span>
        <span data-testid="header-balance">{amount}</span>
        {hasBonus && (
          <span className="balance-chip__bonus" data-testid="header-bonus">
            {' '}
            +{formatMoney(bonus)} bonus
          </span>
        )}
      </Link>
      <Link to="/wallet?deposit=1" className="btn btn--accent btn--sm balance-chip__deposit">
        Deposit
      </Link>
    </div>
  );
}

export function Nav() {
  const status = useSession((s) => s.status);
  const signedIn = status === 'authenticated';
  const [menu, setMenu] = useState<'links' | 'profile' | null>(null);
  const open = menu === 'links';
  const location = useLocation();
  const linksId = useId();
  // biome-ignore lint/correctness/useExhaustiveDependencies: closes the menu on navigation
  useEffect(() => setMenu(null), [location.pathname]);
  const setProfileOpen = useCallback(
    (o: boolean) => setMenu((m) => (o ? 'profile' : m === 'profile' ? null : m)),
    [],
  );

  return (
    <header className="site-header">
      <nav className="nav" aria-label="Main">
        <Link to="/" className="brand">
          <span className="brand__mark" aria-hidden="true">
            B
          </span>
          BetArena
        </Link>
        <button
          type="button"
          className="icon-btn nav__toggle"
          aria-expanded={open}
          aria-controls={linksId}
          onClick={() => setMenu(open ? null : 'links')}
        >
          <span aria-hidden="true">☰</span>
          <span className="visually-hidden">Menu</span>
        </button>
        <ul className={open ? 'nav__links nav__links--open' : 'nav__links'} id={linksId}>
          <li>
            <NavLink to="/" end>
              Home
            </NavLink>
          </li>
          <li>
            <NavLink to="/live">Live</NavLink>
          </li>
          <li>
            <NavLink to="/aviator">Aviator</NavLink>
          </li>
          <li>
            <NavLink to="/promotions">Promotions</NavLink>
          </li>
          {signedIn && (
            <li>
              <NavLink to="/my-bets">My Bets</NavLink>
            </li>
          )}
          {signedIn && (
            <li>
              <NavLink to="/assistant">Assistant</NavLink>
            </li>
          )}
          <li>
            <NavLink to="/leaderboards">Leaderboards</NavLink>
          </li>
          <li>
            <NavLink to="/support">Support</NavLink>
          </li>
          {status === 'anonymous' && (
            <>
              <li className="nav__auth nav__auth--first">
                <NavLink to="/login">Login</NavLink>
              </li>
              <li className="nav__auth">
                <NavLink to="/register" className="btn btn--primary btn--sm">
                  Register
                </NavLink>
              </li>
            </>
          )}
        </ul>
        <div className="nav__actions">
          {signedIn && <BalanceChip />}
          {status === 'anonymous' && (
            // on a phone the links fold into the menu; Login and Register stay in sight
            <span className="nav__auth-quick">
              <Link to="/login" className="btn btn--sm btn--ghost">
                Login
              </Link>
              <Link to="/register" className="btn btn--sm btn--primary">
                Register
              </Link>
            </span>
          )}
          <ThemeToggle />
          {signedIn && <ProfileMenu open={menu === 'profile'} setOpen={setProfileOpen} />}
        </div>
      </nav>
    </header>
  );
}
