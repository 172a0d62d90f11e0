import { moneyCurrency } from '@bet/web-shell/core';
import { Link } from 'react-router-dom';

/** The rules a player accepts at registration, in plain words. */
export default function Terms() {
  return (
    <section className="page page--narrow terms">
      <h1>Terms &amp; Conditions</h1>
      <p className="muted">The short version of the rules you accept when you open an account.</p>

      <h2>Who may play</h2>
      <ul>
        <li>You must be 18 or older, or older where the law of your country says so.</li>
        <li>
          One account per person. Keep your password to yourself; you are responsible for bets made from your
          account.
        </li>
      </ul>

      <h2>Bets</h2>
      <ul>
        <li>
          A bet stands at the odds confirmed when we accept it. If the odds move before that, the slip tells
          you.
        </li>
        <li>
          Pre-match betting closes at kick-off. Live markets close while prices are being updated (shown as
          Suspended).
        </li>
        <li>
          A cancelled game is void: its stakes are refunded. If a result is corrected, the settlement is
          corrected with it.
        </li>
        <li>Cash-out offers are shown before you accept them and can change with the game.</li>
      </ul>

      <h2>Money</h2>
      <ul>
        <li>
          {moneyCurrency() === 'NGN'
            ? 'Deposits are taken in naira and credited in naira, exactly what you pay.'
            : 'Deposits are taken in naira and credited in dollars at the rate shown before you pay.'}
        </li>
        <li>Withdrawals are reviewed by our team before they are paid.</li>
      </ul>

      <h2>Fair play</h2>
      <ul>
        <li>
          Aviator rounds are provably fair: every crash point is fixed in advance and can be checked on the{' '}
          <Link to="/aviator/fair">How it's fair</Link> page.
        </li>
        <li>Games marked Simulated are played out by our match simulator, not by real teams.</li>
      </ul>

      <h2>Responsible gambling</h2>
      <ul>
        <li>
          Set weekly limits on the number of bets and the amount staked in{' '}
          <Link to="/settings">Settings</Link>. Lowering a limit is immediate; raising it takes effect after a
          cooling-off period.
        </li>
        <li>
          If gambling stops being fun, stop and talk to someone. Our <Link to="/support">Support</Link> page
          lists where to get help.
        </li>
      </ul>
    </section>
  );
}
