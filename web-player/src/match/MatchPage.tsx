import { marketLabel } from '@bet/proto-events/markets';
import { type Game, useSocketEvent } from '@bet/web-shell/core';
import { Tabs, useApi } from '@bet/web-shell/ui';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { GameClock } from '../games/GameClock';
import { TeamLogo } from '../games/TeamLogo';
import type { GameDetails } from '../games/types';
import { WithSlip } from '../slip/SlipColumn';
import { ErrorText, Spinner } from '../ui/common';
import { MARKET_TABS, type MarketTab, marketsOfTab, matchStats, narrowLabel, shortLabel } from './groups';
import { LockIcon, MarketButton } from './MarketButton';
import { useGameMarkets } from './marketsStore';
import type { MarketView } from './types';
import './match.css';

const STATUS_WORD: Record<string, string> = { suspended: 'Suspended', settled: 'Settled', void: 'Void' };

/** drawn, not emoji: a phone without an emoji font would show empty boxes */
function eventIcon(e: GameDetails['events'][number]): string {
  if (e.type === 'Goal') return 'timeline__icon--goal';
  if (e.type === 'Card') return /red/i.test(e.detail) ? 'timeline__icon--red' : 'timeline__icon--yellow';
  return 'timeline__icon--subst';
}

function Market({ game, market }: { game: Game; market: MarketView }) {
  const teams = { home: game.homeTeam, away: game.awayTeam };
  const many = market.outcomes.length > 3;
  const settled = market.status === 'settled' || market.status === 'void';
  return (
    <section className="market" aria-label={marketLabel(market.key, teams)}>
      <h3 className="market__name">
        {marketLabel(market.key, teams)}
        {STATUS_WORD[market.status] && (
          <span className={`badge market__status market__status--${market.status}`}>
            {market.status === 'suspended' && <LockIcon />}
            {STATUS_WORD[market.status]}
          </span>
        )}
      </h3>
      <div className={`market__outcomes${many ? ' market__outcomes--grid' : ''}`}>
        {market.outcomes.map((o) =>
          settled ? (
            <span key={o.code} className={`odd odd--result${o.result === 'won' ? ' odd--won' : ''}`}>
              <span className="odd__label">{shortLabel(o.label)}</span>
              <span className="odd__price">
                {o.result === 'won' ? 'Won' : o.result === 'push' ? 'Push' : '–'}
              </span>
            </span>
          ) : (
            <MarketButton
              key={o.code}
              game={game}
              market={market.key}
              outcome={o.code}
              label={o.label}
              short={shortLabel(o.label)}
              // a label naming the teams reads 1 / X / 2 (Double Chance 1X / 12 / X2) on a phone
              narrow={narrowLabel(market.key, o.code)}
              price={o.odds}
              suspended={market.status === 'suspended'}
            />
          ),
        )}
      </div>
    </section>
  );
}

/** The match page: score and clock, markets by tab, the timeline of events and a few numbers. */
export default function MatchPage() {
  const { id } = useParams();
  const panelId = useId();
  const [tab, setTab] = useState<MarketTab>('main');
  // on a phone the tab row scrolls: the chosen tab (by click or arrow key) is brought into view
  const chooseTab = (t: MarketTab) => {
    setTab(t);
    requestAnimationFrame(() =>
      document
        .querySelector('[role="tablist"][aria-label="Markets"] [aria-selected="true"]')
        ?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' }),
    );
  };
  const [game, setGame] = useState<Game | undefined>();
  const base = useApi<Game>(id ? `/games/${encodeURIComponent(id)}` : null);
  const details = useApi<GameDetails>(id ? `/games/${encodeURIComponent(id)}/details` : null);
  const markets = useGameMarkets(id);

  useEffect(() => setGame(base.data), [base.data]);
  // the game's own updates (score, minute, status) come whole; its events are read again
  const reloadDetails = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => clearTimeout(reloadDetails.current ?? undefined), []);
  useSocketEvent('gameUpdate', (g: Game | undefined) => {
    if (!g || g._id !== id) return;
    setGame((prev) => ({ ...prev, ...g }));
    if (!reloadDetails.current)
      reloadDetails.current = setTimeout(() => {
        reloadDetails.current = null;
        details.reload();
      }, 1500);
  });

  if (base.loading && !game) return <Spinner label="Loading the match…" />;
  if (base.error || !game)
    return (
      <section className="page">
        <ErrorText>{base.error ?? 'Game not found'}</ErrorText>
        <Link to="/">Back to matches</Link>
      </section>
    );

  const events = details.data?.events ?? [];
  const scores = game.scores ?? details.data?.scores;
  const showScore = game.status === 'live' || game.status === 'finished';
  const stats = matchStats(events, game.homeTeam, game.awayTeam);
  const shown = marketsOfTab(tab, markets?.markets ?? []);

  return (
    <WithSlip>
      <section className="page match">
        <nav className="match__crumbs">
          <Link to="/">‹ Matches</Link>
          {game.league && <span className="muted"> · {game.league}</span>}
        </nav>
        <header className={`card match__head${game.status === 'live' ? ' match__head--live' : ''}`}>
          <div className="match__team">
            <TeamLogo src={game.homeTeamLogo} name={game.homeTeam} />
            <h1 className="match__team-name">{game.homeTeam}</h1>
          </div>
          <div className="match__centre">
            {showScore ? (
              <p className="match__score">
                <span className="visually-hidden">Score </span>
                {scores?.home ?? 0} - {scores?.away ?? 0}
              </p>
            ) : (
              <p className="match__vs">vs</p>
            )}
            <GameClock game={game} />
          </div>
          <div className="match__team">
            <TeamLogo src={game.awayTeamLogo} name={game.awayTeam} />
            <p className="match__team-name">{game.awayTeam}</p>
          </div>
        </header>

        <div className="match__body">
          <div className="match__markets card">
            {/* the markets' h3s sit under this, not straight under the page's h1 */}
            <h2 className="visually-hidden">Markets</h2>
            <Tabs items={MARKET_TABS} value={tab} onChange={chooseTab} label="Markets" panelId={panelId} />
            <div id={panelId} role="tabpanel" className="match__panel">
              {!markets ? (
                <Spinner label="Loading markets…" />
              ) : shown.length === 0 ? (
                <p className="empty-state">No markets here.</p>
              ) : (
                shown.map((m) => <Market key={m.key} game={game} market={m} />)
              )}
            </div>
          </div>

          <aside className="match__side">
            <section className="card match__stats" aria-label="Statistics">
              <h2>Statistics</h2>
              <table>
                <thead>
                  <tr>
                    <th scope="col">{game.homeTeam}</th>
                    <th scope="col">
                      <span className="visually-hidden">Statistic</span>
                    </th>
                    <th scope="col">{game.awayTeam}</th>
                  </tr>
                </thead>
                <tbody>
                  {stats.map((s) => (
                    <tr key={s.key}>
                      <td className="num">{s.home}</td>
                      <th scope="row">{s.label}</th>
                      <td className="num">{s.away}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
            <section className="card match__timeline" aria-label="Timeline">
              <h2>Timeline</h2>
              {details.loading && !details.data ? (
                <Spinner label="Loading events…" />
              ) : events.length === 0 ? (
                <p className="empty-state">
                  {game.status === 'upcoming' ? 'The match has not started.' : 'No events yet.'}
                </p>
              ) : (
                <ol className="timeline">
                  {events.map((e, i) => (
                    <li
                      // biome-ignore lint/suspicious/noArrayIndexKey: events have no id; the position is part of the row
                      key={`${e.time.elapsed}-${e.type}-${e.player.name}-${i}`}
                      className={`timeline__event${e.team.name === game.awayTeam ? ' timeline__event--away' : ''}`}
                    >
                      <span className="timeline__minute">
                        {e.time.elapsed}
                        {e.time.extra ? `+${e.time.extra}` : ''}'
                      </span>
                      <span
                        className={`timeline__icon ${eventIcon(e)}`}
                        role="img"
                        aria-label={e.type === 'subst' ? 'Substitution' : e.detail || e.type}
                      />
                      <span className="timeline__text">
                        <strong>{e.player.name}</strong>
                        <span className="muted"> {e.team.name}</span>
                        {e.detail ? <span className="muted"> · {e.detail}</span> : null}
                      </span>
                    </li>
                  ))}
                </ol>
              )}
            </section>
          </aside>
        </div>
      </section>
    </WithSlip>
  );
}
