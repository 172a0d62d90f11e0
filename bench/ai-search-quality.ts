/**
 * Search quality of the AI game search (built-in analyst): labelled natural-language
 * queries over a fixed calendar, micro-averaged precision and recall over every returned
 * game, and the queries that missed. Run: node --import tsx bench/ai-search-quality.ts
 */
import { searchGames } from '../services/ai/src/domain/search';
import { byFixture, CALENDAR, NOW, OFFSET } from '../services/ai/test/calendar';

type Pair = [string, string];
const LABELS: Array<{ q: string; expect: Pair[] }> = [
  {
    q: 'games in Spain today',
    expect: [
      ['Real Betis', 'Valencia'],
      ['Atletico Madrid', 'Real Sociedad'],
    ],
  },
  { q: 'Arsenal this weekend', expect: [['Arsenal', 'Tottenham']] },
  { q: 'live games in Nigeria', expect: [['Plateau United', 'Shooting Stars']] },
  {
    q: "tomorrow's Premier League",
    expect: [
      ['Arsenal', 'Tottenham'],
      ['Manchester United', 'Newcastle'],
      ['Liverpool', 'Aston Villa'],
    ],
  },
  {
    q: 'live games',
    expect: [
      ['Plateau United', 'Shooting Stars'],
      ['Asante Kotoko', 'Accra Lions'],
    ],
  },
  {
    q: 'Premier League this weekend',
    expect: [
      ['Arsenal', 'Tottenham'],
      ['Manchester United', 'Newcastle'],
      ['Liverpool', 'Aston Villa'],
      ['Chelsea', 'Manchester City'],
      ['Brighton', 'West Ham'],
    ],
  },
  { q: 'Nigerian games tomorrow', expect: [['Kano Pillars', 'Lobi Stars']] },
  {
    q: 'Real Madrid',
    expect: [
      ['Real Madrid', 'Barcelona'],
      ['Valencia', 'Real Madrid'],
    ],
  },
  { q: 'Real Madrid vs Barcelona', expect: [['Real Madrid', 'Barcelona']] },
  {
    q: 'Enyimba',
    expect: [
      ['Enyimba', 'Rivers United'],
      ['Enyimba', 'Enugu Rangers'],
    ],
  },
  {
    q: 'Enyimba results',
    expect: [
      ['Enyimba', 'Kano Pillars'],
      ['Enugu Rangers', 'Enyimba'],
    ],
  },
  { q: 'Chelsea next weekend', expect: [['Chelsea', 'Arsenal']] },
  { q: 'Ghana games on Sunday', expect: [['Accra Lions', 'Hearts of Oak']] },
  { q: 'La Liga on Sunday', expect: [['Atletico Madrid', 'Valencia']] },
  {
    q: 'Serie A this week',
    expect: [
      ['Inter', 'AC Milan'],
      ['Juventus', 'Napoli'],
    ],
  },
  {
    q: 'Bundesliga',
    expect: [
      ['Bayern Munich', 'RB Leipzig'],
      ['Borussia Dortmund', 'Bayer Leverkusen'],
    ],
  },
  { q: 'German games tomorrow', expect: [['Bayern Munich', 'RB Leipzig']] },
  {
    q: 'Italian football this weekend',
    expect: [
      ['Inter', 'AC Milan'],
      ['Juventus', 'Napoli'],
    ],
  },
  { q: 'Man City', expect: [['Chelsea', 'Manchester City']] },
  {
    q: 'Spurs',
    expect: [
      ['Arsenal', 'Tottenham'],
      ['Tottenham', 'Liverpool'],
    ],
  },
  {
    q: 'Arsnal',
    expect: [
      ['Arsenal', 'Tottenham'],
      ['Arsenal', 'Bayern Munich'],
      ['Chelsea', 'Arsenal'],
    ],
  },
  {
    q: 'Liverpool games',
    expect: [
      ['Liverpool', 'Aston Villa'],
      ['Tottenham', 'Liverpool'],
    ],
  },
  {
    q: 'Barca',
    expect: [
      ['Real Madrid', 'Barcelona'],
      ['Barcelona', 'Real Betis'],
    ],
  },
  {
    q: 'games today',
    expect: [
      ['Remo Stars', 'Enugu Rangers'],
      ['Plateau United', 'Shooting Stars'],
      ['Asante Kotoko', 'Accra Lions'],
      ['Enyimba', 'Rivers United'],
      ['Real Betis', 'Valencia'],
      ['Atletico Madrid', 'Real Sociedad'],
      ['Bournemouth', 'Fulham'],
      ['Hearts of Oak', 'Medeama'],
    ],
  },
  {
    q: "what's on tonight",
    expect: [
      ['Real Betis', 'Valencia'],
      ['Atletico Madrid', 'Real Sociedad'],
      ['Bournemouth', 'Fulham'],
      ['Hearts of Oak', 'Medeama'],
    ],
  },
  {
    q: 'Premier League results',
    expect: [
      ['Arsenal', 'Chelsea'],
      ['Liverpool', 'Manchester City'],
      ['Tottenham', 'Manchester United'],
      ['Newcastle', 'Aston Villa'],
      ['Chelsea', 'Liverpool'],
      ['Manchester City', 'Arsenal'],
      ['Aston Villa', 'Tottenham'],
    ],
  },
  {
    q: "yesterday's results",
    expect: [
      ['Kano Pillars', 'Rivers United'],
      ['Enugu Rangers', 'Enyimba'],
      ['Sevilla', 'Barcelona'],
      ['Aston Villa', 'Tottenham'],
    ],
  },
  {
    q: 'Nigeria',
    expect: [
      ['Plateau United', 'Shooting Stars'],
      ['Enyimba', 'Rivers United'],
      ['Kano Pillars', 'Lobi Stars'],
      ['Rivers United', 'Enugu Rangers'],
      ['Remo Stars', 'Kwara United'],
      ['Enyimba', 'Enugu Rangers'],
    ],
  },
  {
    q: 'NPFL fixtures',
    expect: [
      ['Enyimba', 'Rivers United'],
      ['Kano Pillars', 'Lobi Stars'],
      ['Rivers United', 'Enugu Rangers'],
      ['Remo Stars', 'Kwara United'],
      ['Enyimba', 'Enugu Rangers'],
    ],
  },
  { q: 'Champions League', expect: [['Arsenal', 'Bayern Munich']] },
  { q: 'Arsenal vs Chelsea', expect: [['Chelsea', 'Arsenal']] },
  {
    q: 'Hearts of Oak',
    expect: [
      ['Hearts of Oak', 'Medeama'],
      ['Accra Lions', 'Hearts of Oak'],
      ['Asante Kotoko', 'Hearts of Oak'],
    ],
  },
  {
    q: 'games in England on Saturday',
    expect: [
      ['Arsenal', 'Tottenham'],
      ['Manchester United', 'Newcastle'],
      ['Liverpool', 'Aston Villa'],
    ],
  },
  { q: 'Sevilla tomorrow', expect: [['Sevilla', 'Villarreal']] },
  { q: 'Juventus next week', expect: [['AC Milan', 'Juventus']] },
  { q: 'football in Ghana this weekend', expect: [['Accra Lions', 'Hearts of Oak']] },
  {
    q: 'Atletico',
    expect: [
      ['Atletico Madrid', 'Real Sociedad'],
      ['Atletico Madrid', 'Valencia'],
    ],
  },
  { q: 'Kano Pillars', expect: [['Kano Pillars', 'Lobi Stars']] },
  {
    q: 'Bayern',
    expect: [
      ['Bayern Munich', 'RB Leipzig'],
      ['Arsenal', 'Bayern Munich'],
    ],
  },
  { q: 'Man Utd vs Newcastle', expect: [['Manchester United', 'Newcastle']] },
  {
    q: 'Spanish league tomorrow',
    expect: [
      ['Sevilla', 'Villarreal'],
      ['Real Madrid', 'Barcelona'],
    ],
  },
  { q: 'live Ghana', expect: [['Asante Kotoko', 'Accra Lions']] },
  { q: 'games on Tuesday', expect: [['Remo Stars', 'Kwara United']] },
  { q: 'Premier League on Monday', expect: [['Everton', 'Wolves']] },
  {
    q: 'Valencia',
    expect: [
      ['Real Betis', 'Valencia'],
      ['Atletico Madrid', 'Valencia'],
      ['Valencia', 'Real Madrid'],
    ],
  },
  { q: 'Dortmund', expect: [['Borussia Dortmund', 'Bayer Leverkusen']] },
  {
    q: 'Nigeria results',
    expect: [
      ['Enyimba', 'Kano Pillars'],
      ['Rivers United', 'Remo Stars'],
      ['Kano Pillars', 'Rivers United'],
      ['Enugu Rangers', 'Enyimba'],
      ['Remo Stars', 'Enugu Rangers'],
    ],
  },
  {
    q: 'show me games in spain this weekend',
    expect: [
      ['Real Madrid', 'Barcelona'],
      ['Sevilla', 'Villarreal'],
      ['Atletico Madrid', 'Valencia'],
    ],
  },
  { q: 'Enyimba vs Rivers United', expect: [['Enyimba', 'Rivers United']] },
  { q: 'any live football in Nigeria right now?', expect: [['Plateau United', 'Shooting Stars']] },
];

export function run(verbose = true) {
  let tp = 0;
  let fp = 0;
  let fn = 0;
  let exact = 0;
  const misses: string[] = [];
  for (const { q, expect } of LABELS) {
    const want = new Set(expect.map(([h, a]) => byFixture(h, a).id));
    const got = searchGames(q, CALENDAR, { now: NOW, offsetMinutes: OFFSET }).games;
    const gotIds = new Set(got.map((g) => g.id));
    const hit = [...gotIds].filter((x) => want.has(x)).length;
    tp += hit;
    fp += gotIds.size - hit;
    fn += want.size - hit;
    if (hit === want.size && gotIds.size === want.size) exact++;
    else
      misses.push(
        `  "${q}": expected ${expect.map((p) => p.join('-')).join(', ')}; got ${got.map((g) => `${g.homeTeam}-${g.awayTeam}`).join(', ') || 'nothing'}`,
      );
  }
  const precision = tp / Math.max(1, tp + fp);
  const recall = tp / Math.max(1, tp + fn);
  if (verbose) {
    console.log(`AI game search: ${LABELS.length} labelled queries over ${CALENDAR.length} games`);
    console.log(
      `precision ${(precision * 100).toFixed(1)}%  recall ${(recall * 100).toFixed(1)}%  exact ${exact}/${LABELS.length}`,
    );
    if (misses.length) console.log(`not exact:\n${misses.join('\n')}`);
  }
  return { precision, recall, exact, total: LABELS.length };
}

if (import.meta.url === `file://${process.argv[1]}`) run();
