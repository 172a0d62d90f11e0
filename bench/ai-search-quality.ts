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

/**
 * The player's set: written from how people type into a search box, not from the parser's
 * rules — misspelt teams, nicknames, league abbreviations, "tonight", day names and dates.
 * A team alone means its coming games (live or upcoming), as the board shows them.
 */
const PLAYER_LABELS: Array<{ q: string; expect: Pair[] }> = [
  {
    q: 'arsenall',
    expect: [
      ['Arsenal', 'Tottenham'],
      ['Arsenal', 'Bayern Munich'],
      ['Chelsea', 'Arsenal'],
    ],
  },
  { q: 'arsenal tomorrow', expect: [['Arsenal', 'Tottenham']] },
  {
    q: 'chelsae',
    expect: [
      ['Chelsea', 'Manchester City'],
      ['Chelsea', 'Arsenal'],
    ],
  },
  {
    q: 'liverpol',
    expect: [
      ['Liverpool', 'Aston Villa'],
      ['Tottenham', 'Liverpool'],
    ],
  },
  { q: 'man utd', expect: [['Manchester United', 'Newcastle']] },
  { q: 'man city game', expect: [['Chelsea', 'Manchester City']] },
  { q: 'spurs vs arsenal', expect: [['Arsenal', 'Tottenham']] },
  { q: 'liverpool v spurs', expect: [['Tottenham', 'Liverpool']] },
  {
    q: 'barca',
    expect: [
      ['Real Madrid', 'Barcelona'],
      ['Barcelona', 'Real Betis'],
    ],
  },
  {
    q: 'juve',
    expect: [
      ['Juventus', 'Napoli'],
      ['AC Milan', 'Juventus'],
    ],
  },
  {
    q: 'bayern munich',
    expect: [
      ['Bayern Munich', 'RB Leipzig'],
      ['Arsenal', 'Bayern Munich'],
    ],
  },
  { q: 'dortmund sunday', expect: [['Borussia Dortmund', 'Bayer Leverkusen']] },
  { q: 'leverkusen', expect: [['Borussia Dortmund', 'Bayer Leverkusen']] },
  { q: 'napoli', expect: [['Juventus', 'Napoli']] },
  { q: 'enyimba today', expect: [['Enyimba', 'Rivers United']] },
  { q: 'kano pilars', expect: [['Kano Pillars', 'Lobi Stars']] },
  {
    q: 'rivers utd',
    expect: [
      ['Enyimba', 'Rivers United'],
      ['Rivers United', 'Enugu Rangers'],
    ],
  },
  {
    q: 'hearts of oak',
    expect: [
      ['Hearts of Oak', 'Medeama'],
      ['Accra Lions', 'Hearts of Oak'],
      ['Asante Kotoko', 'Hearts of Oak'],
    ],
  },
  { q: 'sevila villareal', expect: [['Sevilla', 'Villarreal']] },
  {
    q: 'atletico madrid',
    expect: [
      ['Atletico Madrid', 'Real Sociedad'],
      ['Atletico Madrid', 'Valencia'],
    ],
  },
  {
    q: 'real betis',
    expect: [
      ['Real Betis', 'Valencia'],
      ['Barcelona', 'Real Betis'],
    ],
  },
  {
    q: 'valencia games',
    expect: [
      ['Real Betis', 'Valencia'],
      ['Atletico Madrid', 'Valencia'],
      ['Valencia', 'Real Madrid'],
    ],
  },
  { q: 'everton wolves monday', expect: [['Everton', 'Wolves']] },
  { q: 'brighton west ham', expect: [['Brighton', 'West Ham']] },
  { q: 'premier league tonight', expect: [['Bournemouth', 'Fulham']] },
  {
    q: 'epl tomorrow',
    expect: [
      ['Arsenal', 'Tottenham'],
      ['Manchester United', 'Newcastle'],
      ['Liverpool', 'Aston Villa'],
    ],
  },
  {
    q: 'la liga tonight',
    expect: [
      ['Real Betis', 'Valencia'],
      ['Atletico Madrid', 'Real Sociedad'],
    ],
  },
  {
    q: 'serie a weekend',
    expect: [
      ['Inter', 'AC Milan'],
      ['Juventus', 'Napoli'],
    ],
  },
  { q: 'bundesliga saturday', expect: [['Bayern Munich', 'RB Leipzig']] },
  { q: 'champions league', expect: [['Arsenal', 'Bayern Munich']] },
  { q: 'ucl wednesday', expect: [['Arsenal', 'Bayern Munich']] },
  {
    q: 'npfl this weekend',
    expect: [
      ['Kano Pillars', 'Lobi Stars'],
      ['Rivers United', 'Enugu Rangers'],
    ],
  },
  {
    q: 'games on 22 november',
    expect: [
      ['Chelsea', 'Manchester City'],
      ['Brighton', 'West Ham'],
      ['Atletico Madrid', 'Valencia'],
      ['Rivers United', 'Enugu Rangers'],
      ['Accra Lions', 'Hearts of Oak'],
      ['Juventus', 'Napoli'],
      ['Borussia Dortmund', 'Bayer Leverkusen'],
    ],
  },
  {
    q: 'fixtures on 25/11',
    expect: [
      ['Barcelona', 'Real Betis'],
      ['Arsenal', 'Bayern Munich'],
    ],
  },
  {
    q: 'arsenal next week',
    expect: [
      ['Arsenal', 'Bayern Munich'],
      ['Chelsea', 'Arsenal'],
    ],
  },
  { q: 'real madrid results', expect: [['Real Madrid', 'Sevilla']] },
  {
    q: 'live scores',
    expect: [
      ['Plateau United', 'Shooting Stars'],
      ['Asante Kotoko', 'Accra Lions'],
    ],
  },
  {
    q: 'whats live now',
    expect: [
      ['Plateau United', 'Shooting Stars'],
      ['Asante Kotoko', 'Accra Lions'],
    ],
  },
  { q: 'live in ghana', expect: [['Asante Kotoko', 'Accra Lions']] },
  {
    q: 'english games sunday',
    expect: [
      ['Chelsea', 'Manchester City'],
      ['Brighton', 'West Ham'],
    ],
  },
  {
    q: 'spanish football tomorrow',
    expect: [
      ['Real Madrid', 'Barcelona'],
      ['Sevilla', 'Villarreal'],
    ],
  },
  {
    q: 'premier league results',
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
  { q: 'bournmouth fulham tonight', expect: [['Bournemouth', 'Fulham']] },
  { q: 'milan derby', expect: [['Inter', 'AC Milan']] },
];

type Labels = Array<{ q: string; expect: Pair[] }>;

function evaluate(name: string, labels: Labels, verbose: boolean) {
  let tp = 0;
  let fp = 0;
  let fn = 0;
  let exact = 0;
  const misses: string[] = [];
  for (const { q, expect } of labels) {
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
    console.log(`\n${name}: ${labels.length} labelled queries over ${CALENDAR.length} games`);
    console.log(
      `precision ${(precision * 100).toFixed(1)}%  recall ${(recall * 100).toFixed(1)}%  exact ${exact}/${labels.length}`,
    );
    if (misses.length) console.log(`not exact:\n${misses.join('\n')}`);
  }
  return { precision, recall, exact, total: labels.length };
}

/** The player's set is the headline figure; the first set covers the parser's rules. */
export function run(verbose = true) {
  const rules = evaluate('AI game search, rule-coverage set', LABELS, verbose);
  const player = evaluate("AI game search, player's set", PLAYER_LABELS, verbose);
  return { ...rules, player };
}

if (import.meta.url === `file://${process.argv[1]}`) run();
