import { api, useSocketEvent } from '@bet/web-shell/core';
import { EmptyState, ErrorText, Spinner, useApi } from '@bet/web-shell/ui';
import { useState } from 'react';
import { money } from '../format';
import { AdjustOdds } from '../risk/AdjustOdds';
import { gameTitle } from '../risk/game-title';
import { RiskDetails } from '../risk/RiskDetails';
import { useConfirmedAction } from '../shared/actions';
import { SidePanel } from '../shared/SidePanel';
import type { ExposedGame, RiskOverview } from '../types';

export default function Risk() {
  const overview = useApi<RiskOverview>('/admin/risk/overview');
  const [selected, setSelected] = useState<ExposedGame | null>(null);
  const [adjusting, setAdjusting] = useState<ExposedGame | null>(null);
  const { act, dialog } = useConfirmedAction();
  useSocketEvent('gameResultUpdated', overview.reload);

  const cancel = (g: ExposedGame) =>
    act({
      ask: {
        title: `Cancel ${gameTitle(g)}?`,
        message: 'All pending bets will be refunded.',
        confirmLabel: 'Cancel Game',
        danger: true,
      },
      run: () => api.patch(`/games/${g._id}/cancel`, undefined, { silent: true }),
      done: 'Game successfully cancelled and bets refunded.',
      failed: 'Failed to cancel game.',
      after: () => {
        if (selected?._id === g._id) setSelected(null);
        overview.reload();
      },
    });

  const games = overview.data?.topExposedGames ?? [];
  return (
    <section className="admin-page">
      <div className="page-head">
        <h2>Platform Risk Management</h2>
        <button type="button" className="btn btn--sm" onClick={overview.reload}>
          Refresh
        </button>
      </div>
      {overview.error ? <ErrorText>{overview.error}</ErrorText> : null}
      <div className="stat-grid stat-grid--2">
        <div className="card stat-card">
          <span className="stat-card__label">Total Platform Exposure</span>
          <strong className="stat-card__value">
            {overview.data ? money(overview.data.totalExposure) : '—'}
          </strong>
        </div>
        <div className="card stat-card">
          <span className="stat-card__label">High-Risk Games</span>
          <strong className="stat-card__value">{overview.data?.highRiskGamesCount ?? '—'}</strong>
        </div>
      </div>
      <div className={selected ? 'risk-layout risk-layout--panel' : 'risk-layout'}>
        <div className="risk-layout__list">
          <h3 className="admin-section">High-Exposure Games</h3>
          {overview.loading && !overview.data ? (
            <Spinner />
          ) : games.length === 0 ? (
            <EmptyState title="No Exposed Games">
              There are currently no games with significant risk exposure.
            </EmptyState>
          ) : (
            <ul className="risk-list">
              {games.map((g) => (
                <li
                  key={g._id}
                  className={selected?._id === g._id ? 'card risk-row risk-row--selected' : 'card risk-row'}
                >
                  <div>
                    <strong>{gameTitle(g)}</strong>
                    <span className="muted"> · {g.gameDetails?.league ?? '—'}</span>
                    {g.isHighRisk ? <span className="badge badge--danger">high risk</span> : null}
                  </div>
                  <span className="risk-row__exposure">{money(g.totalPotentialPayout)}</span>
                  <div className="game-card__actions">
                    <button
                      type="button"
                      className="btn btn--sm"
                      aria-expanded={selected?._id === g._id}
                      onClick={() => setSelected(g)}
                    >
                      View Details
                    </button>
                    <button type="button" className="btn btn--sm" onClick={() => setAdjusting(g)}>
                      Adjust Odds
                    </button>
                    <button type="button" className="btn btn--sm btn--danger" onClick={() => cancel(g)}>
                      Cancel
                    </button>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </div>
        {selected ? (
          // beside the list, in view wherever the admin scrolled to (issue 34 item 7)
          <SidePanel key={selected._id} label="Risk details" onClose={() => setSelected(null)}>
            <RiskDetails game={selected} />
          </SidePanel>
        ) : null}
      </div>
      {adjusting ? (
        <AdjustOdds game={adjusting} onClose={() => setAdjusting(null)} onDone={overview.reload} />
      ) : null}
      {dialog}
    </section>
  );
}
