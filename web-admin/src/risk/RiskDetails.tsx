import { ErrorText, Spinner, useApi } from '@bet/web-shell/ui';
import { money } from '../format';
import { aiSlots } from '../slots';
import type { ExposedGame, GameRisk } from '../types';

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
          </p>
          <div className="table-wrap">
            <table className="table table--stack ui-table">
              <caption className="visually-hidden">Risk Breakdown per outcome</caption>
              <thead>
                <tr>
                  <th scope="col">Outcome</th>
                  <th scope="col" className="num">
                    Bets
                  </th>
                  <th scope="col" className="num">
                    Total Staked
                  </th>
                  <th scope="col" className="num">
                    Exposure
                  </th>
                </tr>
              </thead>
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
