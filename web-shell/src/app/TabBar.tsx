import { useDock } from '@bet/web-shell/core';
import { NavLink, useNavigate } from 'react-router-dom';

/**
 * The phone's bottom tab bar (hidden on wider screens by CSS): the places a bettor goes most,
 * one thumb away, with the slip's count. The AI launcher docks into its last cell (ai.css).
 */
export function TabBar() {
  const count = useDock((s) => s.slipCount);
  const openSlip = useDock((s) => s.openSlip);
  const navigate = useNavigate();
  return (
    <nav className="tabbar" aria-label="Quick links">
      <NavLink to="/" end className="tabbar__item">
        <span className="tabbar__icon" aria-hidden="true">
          ⌂
        </span>
        Home
      </NavLink>
      <NavLink to="/live" className="tabbar__item">
        <span className="tabbar__icon" aria-hidden="true">
          ●
        </span>
        Live
      </NavLink>
      <NavLink to="/aviator" className="tabbar__item">
        <span className="tabbar__icon" aria-hidden="true">
          ✈
        </span>
        Aviator
      </NavLink>
      <button
        type="button"
        className="tabbar__item"
        aria-haspopup="dialog"
        onClick={() => (openSlip ? openSlip() : navigate('/', { state: { openSlip: true } }))}
      >
        <span className="tabbar__icon" aria-hidden="true">
          ☰<span className={count > 0 ? 'tabbar__count tabbar__count--on' : 'tabbar__count'}>{count}</span>
        </span>
        Betslip<span className="visually-hidden"> with {count} selections</span>
      </button>
      <NavLink to="/my-bets" className="tabbar__item">
        <span className="tabbar__icon" aria-hidden="true">
          ≡
        </span>
        My Bets
      </NavLink>
    </nav>
  );
}
