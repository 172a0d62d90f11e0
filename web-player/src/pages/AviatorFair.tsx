import type { Answer } from '@bet/api-types';
import { api } from '@bet/web-shell/core';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { crashClass } from '../aviator/feed';
import { crashPointOf, isHash, previousHashOf } from '../aviator/verify';
import '../aviator/aviator.css';
import { ErrorText, Spinner } from '../ui/common';

type Fairness = Answer<'/aviator/fairness'>;
type History = Answer<'/aviator/history'>;

interface Result {
  crashPoint: number;
  previousHash: string;
  expectedPrevious: string | null;
  stated: number | null;
}

export default function AviatorFair() {
  // a round's details link here with its hash (?hash=): it is the one verified
  const [params] = useSearchParams();
  const asked = params.get('hash');
  const [fair, setFair] = useState<Fairness | null>(null);
  const [rounds, setRounds] = useState<History['rounds']>([]);
  const [error, setError] = useState<string | null>(null);
  const [hash, setHash] = useState('');
  const [salt, setSalt] = useState('');
  const [result, setResult] = useState<Result | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    Promise.all([
      api.get<Fairness>('/aviator/fairness', { silent: true }),
      api.get<History>('/aviator/history', { silent: true, query: { limit: 20 } }),
    ])
      .then(([f, h]) => {
        setFair(f);
        setSalt(f.salt ?? '');
        setRounds(h.rounds);
        if (asked && isHash(asked)) setHash(asked);
        else if (h.rounds[0]) setHash(h.rounds[0].hash);
      })
      .catch((err) => setError(err instanceof Error ? err.message : 'Could not load the fairness data.'));
  }, [asked]);

  const verify = async (e?: React.FormEvent) => {
    e?.preventDefault();
    setProblem(null);
    setResult(null);
    const h = hash.trim().toLowerCase();
    if (!isHash(h)) {
      setProblem('A round hash is 64 hexadecimal characters.');
      return;
    }
    const round = rounds.find((r) => r.hash === h);
    const before = round ? rounds.find((r) => r.roundNumber === round.roundNumber - 1) : undefined;
    const expectedPrevious =
      round?.roundNumber === 1 ? (fair?.terminatingHash ?? null) : (before?.hash ?? null);
    setResult({
      crashPoint: await crashPointOf(h, salt),
      previousHash: await previousHashOf(h),
      expectedPrevious,
      stated: round?.crashPoint ?? null,
    });
  };

  if (error) return <ErrorText>{error}</ErrorText>;
  if (!fair) return <Spinner />;
  return (
    <div className="aviator-fair">
      <p>
        <Link to="/aviator">← Back to Aviator</Link>
      </p>
      <h1>How it's fair</h1>
      <p>
        Every crash point was fixed before the game began. We generated a chain of{' '}
        {fair.chainLength?.toLocaleString()} hashes from a secret seed, each the SHA-256 of the one before,
        and published the last one (the <em>terminating hash</em>) and a salt before the first round. Rounds
        use the chain backwards: when a round ends its hash is revealed, and SHA-256 of it is the hash of the
        round before (SHA-256 of round 1's hash is the terminating hash). Nobody can compute the next hash
        from the revealed ones, so no crash point could be picked after the bets.
      </p>
      <dl className="aviator-fair__facts">
        <dt>Terminating hash</dt>
        <dd>
          <code>{fair.terminatingHash}</code>
        </dd>
        <dt>Salt</dt>
        <dd>
          <code>{fair.salt}</code>
        </dd>
      </dl>
      <h2 id="fair-formula">The formula</h2>
      {/* on a phone the formula scrolls sideways: a named region the keyboard can reach and scroll */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region needs focus to be scrolled without a mouse (axe: scrollable-region-focusable) */}
      <section className="aviator-fair__formula" tabIndex={0} aria-labelledby="fair-formula">
        <pre>
          {`h     = HMAC-SHA256(key = salt, message = round hash bytes)
X     = first 52 bits of h / 2^52          (uniform in [0, 1))
crash = max(1.00, floor(99 / (1 − X)) / 100)

P(crash ≥ x) = 0.99 / x   — a 1 % house edge`}
        </pre>
      </section>
      <h2>Verify a round in your browser</h2>
      <form className="aviator-fair__form" onSubmit={verify}>
        <label htmlFor="fair-hash">Round hash</label>
        <input id="fair-hash" value={hash} onChange={(e) => setHash(e.target.value)} spellCheck={false} />
        <label htmlFor="fair-salt">Salt</label>
        <input id="fair-salt" value={salt} onChange={(e) => setSalt(e.target.value)} spellCheck={false} />
        <button type="submit" className="btn btn--primary">
          Verify
        </button>
      </form>
      {problem && <ErrorText>{problem}</ErrorText>}
      {result && (
        <div className="aviator-fair__result" role="status">
          <p>
            Crash point: <strong data-testid="fair-crash">{result.crashPoint.toFixed(2)}x</strong>
            {result.stated !== null &&
              (result.stated === result.crashPoint
                ? ' — matches the round ✔'
                : ` — the round says ${result.stated}x ✘`)}
          </p>
          <p>
            SHA-256 of this hash: <code>{result.previousHash}</code>
            {result.expectedPrevious &&
              (result.expectedPrevious === result.previousHash
                ? ' — equals the previous round’s hash ✔'
                : ' — does NOT equal the previous round’s hash ✘')}
          </p>
        </div>
      )}
      <h2>Recent rounds</h2>
      <table className="round-bets__table">
        <thead>
          <tr>
            <th scope="col">Round</th>
            <th scope="col">Crash</th>
            <th scope="col">Hash</th>
            <th scope="col">
              <span className="visually-hidden">Verify</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rounds.map((r) => (
            <tr key={r.roundId}>
              <td>#{r.roundNumber}</td>
              <td className={`crash-text--${crashClass(r.crashPoint)}`}>{r.crashPoint.toFixed(2)}x</td>
              <td>
                <code className="aviator-fair__hash">{r.hash}</code>
              </td>
              <td>
                <button
                  type="button"
                  className="btn btn--sm"
                  onClick={() => {
                    setHash(r.hash);
                    setResult(null);
                  }}
                >
                  Use
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
