import { describeForm, recentForm } from './form';
import { normalize } from './search';
import { fixture, type GameFacts } from './types';

export interface NewsItem {
  title: string;
  snippet: string;
  link: string;
  source: string;
  publishedDate: string;
}

/** The label of headlines written from the platform's own games (no feed, or feeds unreachable). */
export const PLATFORM_SOURCE = 'Platform results (written by the built-in analyst)';

/**
 * Headlines from the platform's own calendar: the latest results (biggest margins first),
 * what is live, and the next big fixtures. Links point at the game on the site.
 */
export function platformHeadlines(games: readonly GameFacts[], now: Date, limit = 8): NewsItem[] {
  const finished = games
    .filter((g) => g.status === 'finished')
    .sort((a, b) => b.matchDate.getTime() - a.matchDate.getTime())
    .slice(0, 30)
    .sort(
      (a, b) =>
        Math.abs(b.scores.home - b.scores.away) - Math.abs(a.scores.home - a.scores.away) ||
        b.matchDate.getTime() - a.matchDate.getTime(),
    );
  const items: NewsItem[] = [];
  for (const g of finished.slice(0, Math.ceil(limit / 2))) {
    const diff = g.scores.home - g.scores.away;
    const winner = diff > 0 ? g.homeTeam : g.awayTeam;
    const loser = diff > 0 ? g.awayTeam : g.homeTeam;
    const margin = Math.abs(diff);
    const verb = margin >= 3 ? 'thrash' : margin === 2 ? 'beat' : 'edge';
    const title =
      diff === 0
        ? `${g.homeTeam} and ${g.awayTeam} share the points`
        : `${winner} ${verb} ${loser} ${Math.max(g.scores.home, g.scores.away)}-${Math.min(g.scores.home, g.scores.away)}`;
    const wf = recentForm(games, diff >= 0 ? g.homeTeam : g.awayTeam, 5);
    items.push({
      title,
      snippet: `${fixture(g)} ended ${g.scores.home}-${g.scores.away}${g.league ? ` in the ${g.league}` : ''}. ${describeForm(wf)}.`,
      link: `/?game=${g.id}`,
      source: PLATFORM_SOURCE,
      publishedDate: g.matchDate.toISOString(),
    });
  }
  for (const g of games.filter((x) => x.status === 'live').slice(0, 2)) {
    items.push({
      title: `Live: ${g.homeTeam} ${g.scores.home}-${g.scores.away} ${g.awayTeam}`,
      snippet: `${g.elapsedTime != null ? `${g.elapsedTime} minutes played` : 'In play'}${g.league ? ` in the ${g.league}` : ''}. Live prices ${g.odds.home.toFixed(2)} / ${g.odds.draw.toFixed(2)} / ${g.odds.away.toFixed(2)}.`,
      link: `/live`,
      source: PLATFORM_SOURCE,
      publishedDate: now.toISOString(),
    });
  }
  const next = games
    .filter((g) => g.status === 'upcoming')
    .sort(
      (a, b) =>
        Math.min(a.odds.home, a.odds.away) - Math.min(b.odds.home, b.odds.away) ||
        a.matchDate.getTime() - b.matchDate.getTime(),
    );
  for (const g of next.slice(0, Math.max(0, limit - items.length))) {
    const fav = g.odds.home <= g.odds.away ? g.homeTeam : g.awayTeam;
    items.push({
      title: `Preview: ${fixture(g)}`,
      snippet: `${fav} go in as favourites at ${Math.min(g.odds.home, g.odds.away).toFixed(2)}${g.league ? ` in the ${g.league}` : ''}; kick-off ${g.matchDate.toUTCString().replace(':00 GMT', ' UTC')}.`,
      link: `/?game=${g.id}`,
      source: PLATFORM_SOURCE,
      publishedDate: now.toISOString(),
    });
  }
  return items.slice(0, limit);
}

/** Does a headline mention the topic (a team or a player)? Word-level, accents ignored. */
export function mentions(item: Pick<NewsItem, 'title' | 'snippet'>, topic: string): boolean {
  const t = normalize(topic);
  if (!t) return false;
  const text = ` ${normalize(`${item.title} ${item.snippet}`)} `;
  return (
    text.includes(` ${t} `) ||
    t
      .split(' ')
      .filter((w) => w.length > 3)
      .every((w) => text.includes(` ${w} `))
  );
}

/** A short news-and-performance summary of a team (or a player named in the feed). */
export function writeTopicSummary(
  topic: string,
  games: readonly GameFacts[],
  news: readonly NewsItem[],
  now: Date,
): string {
  const t = normalize(topic);
  const team =
    [...new Set(games.flatMap((g) => [g.homeTeam, g.awayTeam]))].find((n) => normalize(n) === t) ??
    [...new Set(games.flatMap((g) => [g.homeTeam, g.awayTeam]))].find(
      (n) => normalize(n).includes(t) && t.length >= 4,
    );
  const related = news.filter((n) => mentions(n, topic)).slice(0, 3);
  const parts: string[] = [];
  if (team) {
    const f = recentForm(games, team, 5);
    parts.push(`**${team}: performance.** ${describeForm(f)}.`);
    const last = games
      .filter((g) => g.status === 'finished' && (g.homeTeam === team || g.awayTeam === team))
      .sort((a, b) => b.matchDate.getTime() - a.matchDate.getTime())[0];
    if (last)
      parts.push(`Most recently: ${last.homeTeam} ${last.scores.home}-${last.scores.away} ${last.awayTeam}.`);
    const live = games.find((g) => g.status === 'live' && (g.homeTeam === team || g.awayTeam === team));
    if (live)
      parts.push(
        `Right now they are playing: ${live.homeTeam} ${live.scores.home}-${live.scores.away} ${live.awayTeam}${live.elapsedTime != null ? ` (${live.elapsedTime}')` : ''}.`,
      );
    const next = games
      .filter(
        (g) => g.status === 'upcoming' && (g.homeTeam === team || g.awayTeam === team) && g.matchDate > now,
      )
      .sort((a, b) => a.matchDate.getTime() - b.matchDate.getTime())[0];
    if (next) {
      const home = next.homeTeam === team;
      const price = home ? next.odds.home : next.odds.away;
      parts.push(
        `Next up: ${fixture(next)} on ${next.matchDate.toUTCString().replace(':00 GMT', ' UTC')}, where they are priced at ${price.toFixed(2)} to win (${Math.round(100 / price)}% implied).`,
      );
    }
  }
  if (related.length) {
    parts.push(`**In the news:**\n${related.map((n) => `- ${n.title} (${n.source})`).join('\n')}`);
  }
  if (parts.length === 0) {
    return `I couldn't find "${topic.trim()}" among the teams on the platform or in today's headlines. Try a club name as it appears on the fixtures list, e.g. "${games[0]?.homeTeam ?? 'Arsenal'}".`;
  }
  return parts.join('\n\n');
}

/** For You: one line per team the player follows (their most-bet teams), from results and fixtures. */
export function personalisedNews(
  teams: readonly string[],
  games: readonly GameFacts[],
  now: Date,
): Array<{ team: string; summary: string }> {
  return teams.slice(0, 4).map((team) => {
    const f = recentForm(games, team, 5);
    const next = games
      .filter(
        (g) =>
          g.status !== 'finished' && g.status !== 'cancelled' && (g.homeTeam === team || g.awayTeam === team),
      )
      .sort((a, b) => a.matchDate.getTime() - b.matchDate.getTime())[0];
    const nextText = next
      ? next.status === 'live'
        ? ` Playing now: ${next.homeTeam} ${next.scores.home}-${next.scores.away} ${next.awayTeam}.`
        : ` Next: ${fixture(next)}, ${next.matchDate > now ? next.matchDate.toUTCString().replace(':00 GMT', ' UTC') : 'soon'}.`
      : '';
    return { team, summary: `${describeForm(f)}.${nextText}` };
  });
}
