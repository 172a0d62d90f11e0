import type { Answer } from '@bet/api-types';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { formatMoney } from '../core/format';
import { api, logout, useSession } from '../core/session';
import { Modal } from '../ui/Modal';

/** While a time-out or self-exclusion runs, every page says so and points at the one way out for money. */
export function BreakBanner() {
  const exclusion = useSession((s) => s.user?.protection?.exclusion ?? null);
  const [, rerender] = useState(0);
  const until = exclusion ? Date.parse(exclusion.until) : 0;
  useEffect(() => {
    if (!until) return;
    // the banner leaves by itself when the break ends
    const t = setTimeout(
      () => rerender((n) => n + 1),
      Math.min(Math.max(until - Date.now(), 0) + 500, 2 ** 31 - 1),
    );
    return () => clearTimeout(t);
  }, [until]);
  if (!exclusion || until <= Date.now()) return null;
  const what = exclusion.kind === 'self_exclusion' ? 'You are self-excluded' : 'You are on a time-out';
  return (
    <div className="alert alert--warning break-banner" role="status">
      <span>
        <strong>{what}</strong> until {new Date(until).toLocaleString()}. Betting, Aviator and deposits are
        closed.
      </span>
      <Link to="/wallet">Withdraw your balance</Link>
    </div>
  );
}

const STARTED_KEY = 'bet.playStartedAt';

/** When this sign-in's play began, kept per tab so a reload does not reset the clock. */
function playStartedAt(userId: string): number {
  const raw = sessionStorage.getItem(STARTED_KEY);
  const [who, at] = raw ? raw.split(':') : [];
  if (who === userId && Number(at) > 0) return Number(at);
  const now = Date.now();
  sessionStorage.setItem(STARTED_KEY, `${userId}:${now}`);
  return now;
}

/** Stakes and returns since `since`, from the wallet's own lines (deposits and withdrawals left out). */
export async function sessionResult(since: number) {
  const res = await api.get<Answer<'/wallet/transactions'>>('/wallet/transactions', {
    silent: true,
    query: { limit: 100 },
  });
  let staked = 0;
  let returned = 0;
  for (const t of res.transactions) {
    if (Date.parse(t.createdAt) < since) continue;
    // a bet line is a stake (negative) or its refund (positive); a win line is a return
    if (t.type === 'bet' && t.amount < 0) staked -= t.amount;
    else if (t.type === 'bet' || t.type === 'win') returned += t.amount;
  }
  return { staked, returned, net: Math.round((returned - staked) * 100) / 100 };
}

/**
 * The reality check: every N minutes of a signed-in session (N chosen in Settings), how long
 * the player has played and what it has cost or won, with a one-click way out.
 */
export function RealityCheck() {
  const user = useSession((s) => s.user);
  const minutes = user?.protection?.realityCheckMinutes ?? 0;
  const userId = user?._id;
  const navigate = useNavigate();
  const [shown, setShown] = useState<null | {
    played: number;
    result: Awaited<ReturnType<typeof sessionResult>> | null;
  }>(null);

  useEffect(() => {
    if (!userId || !minutes) return;
    const started = playStartedAt(userId);
    const every = minutes * 60_000;
    const elapsed = Date.now() - started;
    const first = every - (elapsed % every);
    let timer: ReturnType<typeof setTimeout>;
    const fire = () => {
      const played = Date.now() - started;
      setShown({ played, result: null });
      sessionResult(started)
        .then((result) => setShown((s) => (s ? { ...s, result } : s)))
        .catch(() => undefined);
      timer = setTimeout(fire, every);
    };
    timer = setTimeout(fire, first);
    return () => clearTimeout(timer);
  }, [userId, minutes]);

  if (!shown) return null;
  const mins = Math.round(shown.played / 60_000);
  const r = shown.result;
  return (
    <Modal title="Reality check" onClose={() => setShown(null)} alert>
      <p>
        You have been playing for{' '}
        <strong>{mins >= 60 ? `${Math.floor(mins / 60)} h ${mins % 60} min` : `${mins} minutes`}</strong>.
      </p>
      {r ? (
        <p>
          Result this session:{' '}
          <strong className={r.net >= 0 ? 'amount--positive' : 'amount--negative'}>
            {formatMoney(r.net)}
          </strong>{' '}
          (staked {formatMoney(r.staked)}, returned {formatMoney(r.returned)}).
        </p>
      ) : (
        <p className="muted">Working out your result…</p>
      )}
      <div className="form-actions">
        <button
          type="button"
          className="btn"
          onClick={() => {
            setShown(null);
            logout();
          }}
        >
          Log out
        </button>
        <button
          type="button"
          className="btn"
          onClick={() => {
            setShown(null);
            navigate('/settings');
          }}
        >
          Take a break
        </button>
        <button type="button" className="btn btn--primary" data-autofocus onClick={() => setShown(null)}>
          Keep playing
        </button>
      </div>
    </Modal>
  );
}
