// Aviator Game Monitor (spec 001 §2.4): display only. The round from GET /aviator/state, then the
// socket's aviator:state / aviator:tick / aviator:crash; beyond the spec, the round's money
// (staked, paid, house result) and exposure from GET /admin/aviator/overview.
import { api, useSocketEvent } from '@bet/web-shell/core';
import { ErrorText, Spinner } from '@bet/web-shell/ui';
import { useCallback, useEffect, useRef, useState } from 'react';
import { money } from '../format';
import type { AviatorOverview, AviatorRound } from '../types';
import './aviator-monitor.css';

type State = AviatorRound['state'];

const STATUS: Record<State, { title: string; text: (x: number) => string }> = {
  betting: { title: 'Betting Open', text: () => 'Place your bets now...' },
  running: { title: 'In Flight', text: () => 'Multiplier is increasing.' },
  crashed: { title: 'Crashed', text: (x) => `Round ended at ${x.toFixed(2)}x` },
  waiting: { title: 'Waiting', text: () => 'Waiting for the next round to begin.' },
};

/** Background by state and multiplier: below 5 sky/slate, below 10 purple, 10 and above red, crashed dark gray. */
export function stageClass(state: State, m: number) {
  if (state === 'crashed') return 'crashed';
  if (m < 5) return 'sky';
  if (m < 10) return 'purple';
  return 'red';
}

/** The plane's place: min(m × 2, 85) % across and min(m × 5, 75) % up. */
export const planePosition = (m: number) => ({ left: Math.min(m * 2, 85), bottom: Math.min(m * 5, 75) });

function Countdown({ endsAt, offset }: { endsAt: string; offset: number }) {
  const [now, setNow] = useState(() => Date.now() + offset);
  const total = useRef(Math.max(1, Date.parse(endsAt) - (Date.now() + offset)));
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now() + offset), 100);
    return () => clearInterval(t);
  }, [offset]);
  const left = Math.max(0, Date.parse(endsAt) - now);
  const pct = Math.min(100, (left / total.current) * 100);
  return (
    <div
      className="av-stage__countdown"
      role="progressbar"
      aria-label="Betting closes in"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(pct)}
      aria-valuetext={`${(left / 1000).toFixed(1)} seconds`}
    >
      <span style={{ width: `${pct}%` }} />
    </div>
  );
}

export default function AviatorMonitor() {
  const [round, setRound] = useState<AviatorRound | null>(null);
  const [overview, setOverview] = useState<AviatorOverview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [offset, setOffset] = useState(0);

  const load = useCallback(async () => {
    try {
      const [r, o] = await Promise.all([
        api.get<AviatorRound>('/aviator/state', { silent: true }),
        api.get<AviatorOverview>('/admin/aviator/overview', { silent: true }),
      ]);
      setOffset(r.serverTime - Date.now());
      // the ticks carry the live multiplier: a poll never moves it backwards mid-flight
      setRound((prev) =>
        prev && prev.roundId === r.roundId && prev.state === 'running' && r.state === 'running'
          ? { ...r, multiplier: Math.max(prev.multiplier, r.multiplier) }
          : r,
      );
      setOverview(o);
      setError(null);
    } catch (err) {
      setError(err instanceof Error ? err.message : 'Could not load the round.');
    }
  }, []);
  useEffect(() => {
    void load();
    const t = setInterval(() => void load(), 2000);
    return () => clearInterval(t);
  }, [load]);

  useSocketEvent('aviator:state', (p: Partial<AviatorRound> & { state: State }) => {
    // entering betting stores the round hash, clears the crash value and resets the multiplier
    setRound((r) =>
      r
        ? {
            ...r,
            state: p.state,
            multiplier: p.state === 'betting' ? 1 : (p.multiplier ?? r.multiplier),
            publicHash: p.publicHash ?? r.publicHash,
            roundId: p.roundId ?? r.roundId,
            bettingEndsAt: p.state === 'betting' ? (p.bettingEndsAt ?? null) : null,
            crashPoint: p.state === 'betting' ? null : r.crashPoint,
          }
        : r,
    );
    void load();
  });
  useSocketEvent('aviator:tick', (p: { multiplier: number }) => {
    setRound((r) => (r ? { ...r, state: 'running', multiplier: p.multiplier } : r));
  });
  useSocketEvent('aviator:crash', (p: { multiplier: number; hash?: string }) => {
    setRound((r) => (r ? { ...r, state: 'crashed', multiplier: p.multiplier, crashPoint: p.multiplier } : r));
    void load();
  });

  if (!round) return error ? <ErrorText>{error}</ErrorText> : <Spinner />;
  const m = round.state === 'crashed' ? (round.crashPoint ?? round.multiplier) : round.multiplier;
  const status = STATUS[round.state];
  const plane = planePosition(m);
  const c = overview?.current;
  return (
    <section className="admin-page av-monitor" aria-labelledby="av-title">
      <h2 id="av-title">Aviator Monitor</h2>
      {error ? <ErrorText>{error}</ErrorText> : null}
      <div
        className={`av-stage av-stage--${stageClass(round.state, m)}`}
        data-testid="aviator-stage"
        data-state={round.state}
        key={round.state === 'crashed' ? `crash-${round.roundId}` : 'stage'}
      >
        <output className="av-stage__multiplier" data-testid="aviator-multiplier">
          {m.toFixed(2)}x
        </output>
        {round.state === 'running' && (
          <span
            className="av-stage__plane"
            role="img"
            aria-label="Plane"
            data-testid="aviator-plane"
            style={{ left: `${plane.left}%`, bottom: `${plane.bottom}%` }}
          >
            ✈️
          </span>
        )}
        {round.state === 'betting' && round.bettingEndsAt && (
          <Countdown key={round.bettingEndsAt} endsAt={round.bettingEndsAt} offset={offset} />
        )}
      </div>
      <div className="av-cards">
        <div className="card">
          <h3 className="card__title">Game Status</h3>
          <p>
            <strong data-testid="aviator-status-title">{status.title}</strong>
          </p>
          <p data-testid="aviator-status-text">{status.text(m)}</p>
        </div>
        <div className="card">
          <h3 className="card__title">Round Information</h3>
          <p>Round {round.roundNumber !== null ? `#${round.roundNumber}` : '–'}</p>
          <p>Round hash (publicHash):</p>
          <p className="av-hash" data-testid="aviator-hash">
            {round.publicHash ?? 'N/A'}
          </p>
        </div>
        <div className="card">
          <h3 className="card__title">This round's money</h3>
          {c ? (
            <dl className="av-totals">
              <div>
                <dt>Bets</dt>
                <dd>{c.bets}</dd>
              </div>
              <div>
                <dt>Total staked</dt>
                <dd>{money(c.totalStaked)}</dd>
              </div>
              <div>
                <dt>Total paid</dt>
                <dd>{money(c.totalPaid)}</dd>
              </div>
              <div>
                <dt>House result</dt>
                <dd className={c.houseResult === null ? '' : c.houseResult >= 0 ? 'av-pos' : 'av-neg'}>
                  {c.houseResult === null ? 'In play' : money(c.houseResult)}
                </dd>
              </div>
              <div>
                <dt>Exposure ({c.activeBets} in the air)</dt>
                <dd>{money(c.exposure)}</dd>
              </div>
            </dl>
          ) : (
            <p>No round yet.</p>
          )}
          {overview && (
            <p className="muted">
              Last {overview.recent.rounds} rounds: staked {money(overview.recent.totalStaked)}, paid{' '}
              {money(overview.recent.totalPaid)}, house {money(overview.recent.houseResult)}
            </p>
          )}
        </div>
      </div>
    </section>
  );
}
