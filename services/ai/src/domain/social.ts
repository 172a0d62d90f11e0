import type { GameInsight } from './analysis';
import { pct } from './odds';
import { fixture, type GameFacts } from './types';

const tag = (s: string) => `#${s.replace(/[^A-Za-z0-9]/g, '')}`;

/** A ready-to-post promotional text for one game, from its real prices and form. */
export function socialPost(i: GameInsight): string {
  const g = i.game;
  const tags = [tag(g.homeTeam), tag(g.awayTeam), g.league ? tag(g.league) : '', '#BetResponsibly']
    .filter(Boolean)
    .join(' ');
  const when = new Date(g.matchDate).toUTCString().replace(':00 GMT', ' UTC');
  if (g.status === 'live') {
    return `🔴 LIVE: ${g.homeTeam} ${g.scores.home}-${g.scores.away} ${g.awayTeam}${g.elapsedTime != null ? ` (${g.elapsedTime}')` : ''}! In-play odds: ${g.odds.home.toFixed(2)} | ${g.odds.draw.toFixed(2)} | ${g.odds.away.toFixed(2)}. Jump in now. ${tags} 18+`;
  }
  if (g.status === 'finished') {
    return `FULL TIME: ${g.homeTeam} ${g.scores.home}-${g.scores.away} ${g.awayTeam}. ${g.scores.home === g.scores.away ? 'Honours even!' : `Big result for ${g.scores.home > g.scores.away ? g.homeTeam : g.awayTeam}!`} Next fixtures are open for betting. ${tags} 18+`;
  }
  const form =
    i.form.home.played && i.form.away.played
      ? ` Form: ${g.homeTeam} ${i.form.home.letters}, ${g.awayTeam} ${i.form.away.letters}.`
      : '';
  const lean = i.lean
    ? ` Our analysts give ${i.lean.outcome === 'A' ? g.homeTeam : i.lean.outcome === 'B' ? g.awayTeam : 'the draw'} a ${pct(i.lean.probability)} chance.`
    : '';
  return `⚽ ${fixture(g)}${g.league ? ` | ${g.league}` : ''} | ${when}. Odds: ${g.homeTeam} ${g.odds.home.toFixed(2)} | Draw ${g.odds.draw.toFixed(2)} | ${g.awayTeam} ${g.odds.away.toFixed(2)}.${form}${lean} Who are you backing? ${tags} 18+`;
}

/** A campaign for one league and day: a teaser, one post per fixture (up to six), a closer. */
export function campaignPosts(
  league: string,
  day: Date,
  games: readonly GameFacts[],
  insights: ReadonlyMap<string, GameInsight>,
): string[] {
  const date = day.toUTCString().slice(0, 16);
  if (games.length === 0) {
    return [
      `No ${league} fixtures are scheduled on ${date}. Stay tuned for the next round and follow us for the fixtures as soon as they are out! #${league.replace(/[^A-Za-z0-9]/g, '')} 18+`,
    ];
  }
  const posts: string[] = [];
  posts.push(
    `📅 ${league} matchday, ${date}: ${games.length} game${games.length > 1 ? 's' : ''} on the card, from ${games[0].homeTeam} vs ${games[0].awayTeam} onwards. Odds are live now. ${tag(league)} #BetResponsibly 18+`,
  );
  for (const g of games.slice(0, 6)) {
    const i = insights.get(g.id);
    posts.push(
      i
        ? socialPost(i)
        : `⚽ ${fixture(g)}: ${g.odds.home.toFixed(2)} | ${g.odds.draw.toFixed(2)} | ${g.odds.away.toFixed(2)}. ${tag(league)} 18+`,
    );
  }
  const tight = [...games].sort(
    (a, b) => Math.abs(a.odds.home - a.odds.away) - Math.abs(b.odds.home - b.odds.away),
  )[0];
  posts.push(
    `🔥 Tightest call of the day: ${fixture(tight)} (${tight.odds.home.toFixed(2)} vs ${tight.odds.away.toFixed(2)}). Build your slip and set your limits before kick-off. ${tag(league)} #BetResponsibly 18+`,
  );
  return posts;
}
