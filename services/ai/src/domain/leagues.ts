/**
 * Where leagues are played and what people call them. Games carry a league name but no
 * country, so "games in Spain" needs this table; a league not listed here still matches
 * when its name contains a country (e.g. "Nigeria Premier Football League").
 */
export interface LeagueInfo {
  name: string;
  country: string;
  aliases: string[];
}

export const KNOWN_LEAGUES: LeagueInfo[] = [
  { name: 'Premier League', country: 'England', aliases: ['EPL', 'English Premier League', 'Prem'] },
  { name: 'La Liga', country: 'Spain', aliases: ['LaLiga', 'Spanish league', 'Primera Division'] },
  { name: 'Serie A', country: 'Italy', aliases: ['Italian league', 'Calcio'] },
  { name: 'Bundesliga', country: 'Germany', aliases: ['German league'] },
  { name: 'Ligue 1', country: 'France', aliases: ['French league'] },
  { name: 'Nigeria Premier Football League', country: 'Nigeria', aliases: ['NPFL', 'Nigerian league'] },
  { name: 'Ghana Premier League', country: 'Ghana', aliases: ['GPL', 'Ghanaian league'] },
  { name: 'Eredivisie', country: 'Netherlands', aliases: ['Dutch league'] },
  { name: 'Primeira Liga', country: 'Portugal', aliases: ['Liga Portugal', 'Portuguese league'] },
  { name: 'Championship', country: 'England', aliases: ['EFL Championship'] },
  { name: 'Scottish Premiership', country: 'Scotland', aliases: ['SPL'] },
  { name: 'Major League Soccer', country: 'USA', aliases: ['MLS'] },
  { name: 'Saudi Pro League', country: 'Saudi Arabia', aliases: ['Saudi league'] },
  { name: 'South African Premiership', country: 'South Africa', aliases: ['PSL'] },
  { name: 'Egyptian Premier League', country: 'Egypt', aliases: [] },
  { name: 'UEFA Champions League', country: 'Europe', aliases: ['Champions League', 'UCL'] },
  { name: 'UEFA Europa League', country: 'Europe', aliases: ['Europa League', 'UEL'] },
];

/** Demonyms and other ways a country is named in a question. */
export const COUNTRY_WORDS: Record<string, string[]> = {
  England: ['england', 'english', 'uk', 'britain'],
  Spain: ['spain', 'spanish'],
  Italy: ['italy', 'italian'],
  Germany: ['germany', 'german'],
  France: ['france', 'french'],
  Nigeria: ['nigeria', 'nigerian', 'naija'],
  Ghana: ['ghana', 'ghanaian'],
  Netherlands: ['netherlands', 'dutch', 'holland'],
  Portugal: ['portugal', 'portuguese'],
  Scotland: ['scotland', 'scottish'],
  USA: ['usa', 'america', 'american', 'united states'],
  'Saudi Arabia': ['saudi arabia', 'saudi'],
  'South Africa': ['south africa', 'south african'],
  Egypt: ['egypt', 'egyptian'],
};

/** The country of a league: from the table, else a country named inside the league's name. */
export function countryOfLeague(league: string | null): string | null {
  if (!league) return null;
  const lower = league.toLowerCase();
  const known = KNOWN_LEAGUES.find((l) => l.name.toLowerCase() === lower);
  if (known) return known.country;
  for (const [country, words] of Object.entries(COUNTRY_WORDS)) {
    if (words.some((w) => new RegExp(`\\b${w}\\b`).test(lower))) return country;
  }
  return null;
}
