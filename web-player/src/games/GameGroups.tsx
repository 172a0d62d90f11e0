import type { Game } from '@bet/web-shell/core';
import { GameCard } from './GameCard';
import { groupByLeague } from './lists';

export function GameGroups({
  games,
  preferred,
  onOpenDetails,
  headingLevel = 3,
}: {
  headingLevel?: 2 | 3;
  games: Game[];
  preferred?: string[];
  onOpenDetails?: (game: Game) => void;
}) {
  return (
    <div className="leagues">
      {groupByLeague(games, preferred).map((group) => {
        const Heading = headingLevel === 2 ? 'h2' : 'h3';
        // simulated matches are played out by our simulator, not by the clubs: say so
        const simulated = group.games.length > 0 && group.games.every((g) => g.source === 'simulator');
        return (
          <section key={group.league} className="league" aria-label={group.league}>
            <Heading className="league__title">
              {group.league}
              {simulated && (
                <span className="league__sim" title="These matches are played out by our match simulator">
                  Simulated
                </span>
              )}
            </Heading>
            <ul className="games">
              {group.games.map((g) => (
                <GameCard key={g._id} game={g} onOpenDetails={onOpenDetails} />
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
