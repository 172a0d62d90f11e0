import { api, msgOr, toast, useSocketEvent } from '@bet/web-shell/core';
import { EmptyState, ErrorText, FormField, Modal, Spinner, useApi, useConfirm } from '@bet/web-shell/ui';
import { type FormEvent, useState } from 'react';
import { money } from '../format';
import { aiSlots } from '../slots';
import type { ExposedGame, RiskAnalysis, RiskOverview } from '../types';

const OUTCOMES = [
  { key: 'A', label: 'A (Home)' },
  { key: 'B', label: 'B (Away)' },
  { key: 'Draw', label: 'Draw' },
] as const;

const title = (g: ExposedGame) =>
  g.gameDetails ? `${g.gameDetails.homeTeam} vs ${g.gameDetails.awayTeam}` : g._id;

function RiskDetails({ game }: { game: ExposedGame }) {
  const risk = useApi<{ analysis?: RiskAnalysis } & Partial<RiskAnalysis>>(`/admin/games/${game._id}/risk`);
  const a = risk.data?.analysis ?? (risk.data as RiskAnalysis | undefined);
  const Summary = aiSlots.RiskSummaryButton;
  return (
    <div className="card risk-details" aria-live="polite">
      <div className="page-head">
        <h3 className="card__title">Risk Details: {title(game)}</h3>
        {Summary ? <Summary gameId={game._id} /> : null}
      </div>
      {risk.error ? <ErrorText>{risk.error}</ErrorText> : null}
      {!a?.outcomes ? (
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
        </>
      )}
    </div>
  );
}

function AdjustOdds({
  game,
  onClose,
  onDone,
}: {
  game: ExposedGame;
  onClose: () => void;
  onDone: () => void;
}) {
  const [v, setV] = useState({
    home: String(game.odds?.home ?? ''),
    draw: String(game.odds?.draw ?? ''),
    away: String(game.odds?.away ?? ''),
  });
  const [busy, setBusy] = useState(false);
  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    try {
      await api.patch(
        `/admin/games/${game._id}/adjust-odds`,
        { home: Number(v.home), draw: Number(v.draw), away: Number(v.away) },
        { silent: true },
      );
      toast.success('Odds updated successfully!');
      onDone();
      onClose();
    } catch (err) {
      toast.error(msgOr(err, 'Action failed.'));
    } finally {
      setBusy(false);
    }
  }
  const field = (k: 'home' | 'draw' | 'away', label: string) => (
    <FormField label={label}>
      {(id) => (
        <input
          id={id}
          type="number"
          step="0.01"
          min="1.01"
          required
          value={v[k]}
          onChange={(e) => setV({ ...v, [k]: e.target.value })}
        />
      )}
    </FormField>
  );
  return (
    <Modal title={`Adjust Odds: ${title(game)}`} onClose={onClose}>
      <form className="form" onSubmit={submit}>
        <div className="form-row">
          {field('home', 'Home')}
          {field('draw', 'Draw')}
          {field('away', 'Away')}
        </div>
        <div className="form-actions">
          <button type="button" className="btn" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn--primary" disabled={busy}>
            {busy ? 'Saving…' : 'Update Odds'}
          </button>
        </div>
      </form>
    </Modal>
  );
}

export default function Risk() {
  const overview = useApi<RiskOverview>('/admin/risk/overview');
  const [selected, setSelected] = useState<ExposedGame | null>(null);
  const [adjusting, setAdjusting] = useState<ExposedGame | null>(null);
  const { confirm, dialog } = useConfirm();
  useSocketEvent('gameResultUpdated', overview.reload);

  async function cancel(g: ExposedGame) {
    if (
      !(await confirm({
        title: `Cancel ${title(g)}?`,
        message: 'All pending bets will be refunded.',
        confirmLabel: 'Cancel Game',
        danger: true,
      }))
    )
      return;
    try {
      await api.patch(`/games/${g._id}/cancel`, undefined, { silent: true });
      toast.success('Game successfully cancelled and bets refunded.');
      if (selected?._id === g._id) setSelected(null);
      overview.reload();
    } catch (err) {
      toast.error(msgOr(err, 'Failed to cancel game.'));
    }
  }

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
                <strong>{title(g)}</strong>
                <span className="muted"> · {g.gameDetails?.league ?? '—'}</span>
                {g.isHighRisk ? <span className="badge badge--danger">high risk</span> : null}
              </div>
              <span className="risk-row__exposure">{money(g.totalPotentialPayout)}</span>
              <div className="game-card__actions">
                <button type="button" className="btn btn--sm" onClick={() => setSelected(g)}>
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
      {selected ? <RiskDetails key={selected._id} game={selected} /> : null}
      {adjusting ? (
        <AdjustOdds game={adjusting} onClose={() => setAdjusting(null)} onDone={overview.reload} />
      ) : null}
      {dialog}
    </section>
  );
}
