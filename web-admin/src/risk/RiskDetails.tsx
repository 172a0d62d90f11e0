import { ErrorText, Spinner, useApi } from '@bet/web-shell/ui';
import { money } from '../format';
import { aiSlots } from '../slots';
import type { ExposedGame, GameRisk } from '../types';

import { ExposureHead } from './ExposureHead';
import { gameTitle } from './game-title';
import { MarketControls } from './MarketControls';
import { MarketExposure } from './MarketExposure';

const OUTCOMES = [
  { key: 'A', label: 'A (Home)' },
  { key: 'B', label: 'B (Away)' },
  { key: 'Draw', label: 'Draw' },
] as const;

export function RiskDetails({ game }: { game: ExposedGame }) {
  const risk = useApi<GameRisk>(`/admin/games/${game._id}/risk`);
  const a = risk.data?.analysis;
  // 1X2's headroom: from its market row when it has bets, else the whole limit
  const oneX2 = a?.markets.find((m) => m.key === '1x2');
  const headroom = (o: string) => oneX2?.outcomes.find((x) => x.outcome === o)?.headroom ?? a?.liabilityLimit;
  const Summary = aiSlots.RiskSummaryButton;
  return (
    <div className="card risk-details" aria-live="polite">
      <div className="page-head">
        <h3 className="card__title">Risk Details: {gameTitle(game)}</h3>
        {Summary ? <Summary gameId={game._id} /> : null}
      </div>
      {risk.error ? <ErrorText>{risk.error}</ErrorText> : null}
      {!a ? (
        risk.loading ? (
          <Spinner />
        ) : null
      ) : (
        <>
          <h4>Risk Breakdown</h4>
          <p>
            Total game exposure: <strong>{money(a.totalExposure)}</strong>
            {a.liabilityLimit !== undefined ? (
              <>
                {' '}
                · liability limit <strong>{money(a.liabilityLimit)}</strong> per market and outcome
              </>
            ) : null}
          </p>
          <div className="table-wrap">
            <table className="table table--stack ui-table">
              <caption className="visually-hidden">Risk Breakdown per outcome</caption>
              <ExposureHead first="Outcome" headroom={a.liabilityLimit !== undefined} />
              <tbody>
                {OUTCOMES.map((o) => {
                  const row = a.outcomes[o.key];
                  return (
                    <tr key={o.key}>
                      <td data-label="Outcome">{o.label}</td>
                      <td data-label="Bets" className="num">
                        {row.betCount}
                      </td>
                      <td data-label="Total Staked" className="num">
                        {money(row.totalStake)}
                      </td>
                      <td data-label="Exposure" className="num">
                        {money(row.totalPotentialPayout)}
                      </td>
                      {a.liabilityLimit !== undefined ? (
                        <td data-label="Headroom" className="num">
                          {money(headroom(o.key) ?? a.liabilityLimit)}
                        </td>
                      ) : null}
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          <MarketExposure markets={a.markets} />
        </>
      )}
      <MarketControls gameId={game._id} />
    </div>
  );
}
