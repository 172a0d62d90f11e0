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
      {groupByLeague(games, preferred).map((group) => (
        <section key={group.league} className="league" aria-label={group.league}>
          {headingLevel === 2 ? (
            <h2 className="league__title">{group.league}</h2>
          ) : (
            <h3 className="league__title">{group.league}</h3>
          )}
          <ul className="games">
            {group.games.map((g) => (
              <GameCard key={g._id} game={g} onOpenDetails={onOpenDetails} />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
