import { marketDef } from '@bet/proto-events';
import type { MarketBooks } from '../domain/markets';
import { priceFrom } from './types';

/**
 * The providers' own odds mapped onto our markets (issue 32 item 6), prices in hundredths.
 * Only lines our catalogue offers are kept; anything else (corners, quarter lines, second
 * half…) is left out, never guessed at. 1X2 stays in ProviderPrice.odds.
 */

const SIDE: Record<string, string> = { home: 'A', draw: 'Draw', away: 'B' };

function put(out: MarketBooks, market: string, outcome: string, odd: unknown) {
  const def = marketDef(market);
  const h = priceFrom(odd);
  if (!def || h === null || !def.outcomes.includes(outcome)) return;
  out[market] ??= {};
  out[market][outcome] = h;
}

/** "-1.5" / "+0.5" / "1" → the number; null when it is not a line */
const lineOf = (s: string): number | null => (/^[+-]?\d+(\.\d+)?$/.test(s) ? Number(s) : null);
const lineKey = (n: number) => (n > 0 ? `+${n}` : `${n}`);

/**
 * API-Football v3 `/odds`: one bookmaker's `bets` ({ id, name, values: [{ value, odd }] }) by
 * their documented names: Match Winner, Home/Away, Double Chance, Goals Over/Under, Total -
 * Home, Total - Away, Both Teams Score, Exact Score, First Half Winner, HT/FT Double, Asian
 * Handicap, Handicap Result.
 */
export function apiFootballBooks(bets: readonly any[]): MarketBooks {
  const out: MarketBooks = {};
  for (const bet of bets ?? []) {
    const name = String(bet?.name ?? '');
    for (const v of Array.isArray(bet?.values) ? bet.values : []) {
      if (v?.suspended) continue;
      const value = String(v?.value ?? '').trim();
      const lower = value.toLowerCase();
      const odd = v?.odd;
      switch (name) {
        case 'Home/Away':
          if (SIDE[lower] && lower !== 'draw') put(out, 'dnb', SIDE[lower], odd);
          break;
        case 'Double Chance': {
          const dc: Record<string, string> = { 'home/draw': '1X', 'home/away': '12', 'draw/away': 'X2' };
          if (dc[lower]) put(out, 'dc', dc[lower], odd);
          break;
        }
        case 'Goals Over/Under':
        case 'Total - Home':
        case 'Total - Away': {
          const m = /^(over|under)\s+(\d+(?:\.\d+)?)$/.exec(lower);
          if (!m) break;
          const market =
            name === 'Goals Over/Under'
              ? `ou_${m[2]}`
              : `tt_${name === 'Total - Home' ? 'home' : 'away'}_${m[2]}`;
          put(out, market, m[1], odd);
          break;
        }
        case 'Both Teams Score':
          if (lower === 'yes' || lower === 'no') put(out, 'btts', lower, odd);
          break;
        case 'Exact Score': {
          const m = /^(\d+):(\d+)$/.exec(value);
          if (m) put(out, 'cs', `${Number(m[1])}-${Number(m[2])}`, odd);
          break;
        }
        case 'First Half Winner':
          if (SIDE[lower]) put(out, 'ht', SIDE[lower], odd);
          break;
        case 'HT/FT Double': {
          const [h, f] = lower.split('/');
          if (SIDE[h] && SIDE[f]) put(out, 'htft', `${SIDE[h]}/${SIDE[f]}`, odd);
          break;
        }
        case 'Asian Handicap':
        case 'Handicap Result': {
          // "Home -1.5" is home's line; "Away +1.5" is away's, i.e. home's -1.5; "Draw -1" is home's
          const m = /^(home|away|draw)\s+([+-]?\d+(?:\.\d+)?)$/.exec(lower);
          const line = m ? lineOf(m[2]) : null;
          if (!m || line === null) break;
          const homeLine = m[1] === 'away' ? -line : line;
          const family = name === 'Asian Handicap' ? 'ah' : 'eh';
          if (family === 'ah' && m[1] === 'draw') break;
          put(out, `${family}_${lineKey(homeLine)}`, SIDE[m[1]], odd);
          break;
        }
      }
    }
  }
  return out;
}

/**
 * AllSportsAPI `met=Odds`: one bookmaker's row of flat fields (odd_1x, odd_12, odd_x2, o+2.5,
 * u+2.5, bts_yes, bts_no, ah-1.5_1, ah-1.5_2…). `ahL_1` is home at home line L, `ahL_2` away
 * at the same line.
 */
export function allSportsBooks(row: Record<string, unknown>): MarketBooks {
  const out: MarketBooks = {};
  for (const [field, odd] of Object.entries(row ?? {})) {
    const f = field.toLowerCase();
    const total = /^([ou])\+(\d+(?:\.\d+)?)$/.exec(f);
    const ah = /^ah([+-]?\d+(?:\.\d+)?)_([12])$/.exec(f);
    if (f === 'odd_1x') put(out, 'dc', '1X', odd);
    else if (f === 'odd_12') put(out, 'dc', '12', odd);
    else if (f === 'odd_x2') put(out, 'dc', 'X2', odd);
    else if (f === 'bts_yes') put(out, 'btts', 'yes', odd);
    else if (f === 'bts_no') put(out, 'btts', 'no', odd);
    else if (total) put(out, `ou_${total[2]}`, total[1] === 'o' ? 'over' : 'under', odd);
    else if (ah) {
      const line = lineOf(ah[1]);
      if (line !== null) put(out, `ah_${lineKey(line)}`, ah[2] === '1' ? 'A' : 'B', odd);
    }
  }
  return out;
}
