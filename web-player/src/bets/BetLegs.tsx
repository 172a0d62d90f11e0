import type { Game } from '@bet/web-shell/core';
import { odds as fmtOdds } from '../lib/format';
import { pickLabel } from '../lib/picks';
import type { Bet } from './types';

const LEG_RESULT: Record<string, { label: string; cls: string }> = {
  won: { label: 'Won', cls: 'leg--won' },
  lost: { label: 'Lost', cls: 'leg--lost' },
  void: { label: 'Void', cls: 'leg--void' },
};

/** A bet's selections: each leg's result, its live score, the pick at its price, a boost. */
export function BetLegs({ bet, live }: { bet: Bet; live: Map<string, Game> }) {
  return (
    <ul className="bets__selections">
      {bet.selections.map((s, i) => {
        const now = s.game ? live.get(s.game._id) : undefined;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: a bet's selections have no id; the list never reorders
          <li key={`${s.game?._id ?? 'missing'}-${s.outcome}-${i}`}>
            {s.game ? (
              <>
                {s.result && LEG_RESULT[s.result] && (
                  <span className={`leg ${LEG_RESULT[s.result].cls}`}>{LEG_RESULT[s.result].label}</span>
                )}{' '}
                <span>
                  {s.game.homeTeam} vs {s.game.awayTeam}
                </span>{' '}
                {now && (
                  <span className="leg-live">
                    <span className="live-dot" aria-hidden="true" /> {now.elapsedTime ?? ''}
                    {now.elapsedTime ? "' " : ''}
                    {now.scores?.home ?? 0}-{now.scores?.away ?? 0}
                  </span>
                )}{' '}
                <span className="muted">
                  {pickLabel(s.outcome, s.game.homeTeam, s.game.awayTeam, s.market)}
                  {typeof s.odds === 'number' ? ` @ ${fmtOdds(s.odds)}` : ''}
                </span>
                {s.boost && (
                  <>
                    {' '}
                    <span
                      className="slip__boost"
                      title={`Odds boost: ${fmtOdds(s.boost.baseOdds)} boosted to ${fmtOdds(s.odds)}`}
                    >
                      Boost
                    </span>{' '}
                    <s className="muted">{fmtOdds(s.boost.baseOdds)}</s>
                  </>
                )}
              </>
            ) : (
              <span className="muted">Game data is unavailable</span>
            )}
          </li>
        );
      })}
    </ul>
  );
}
