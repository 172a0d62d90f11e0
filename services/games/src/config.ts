import { type ServiceContext, type Static, Type } from '@bet/kit';
import type { TObject } from '@sinclair/typebox';
import type { GamesDB } from './db/schema';

/** The games service's own settings (documented in the README). */
export const gamesConfig = {
  /** main feed: the built-in simulator, one of the real providers, or none (admin-made games only) */
  GAMES_PROVIDER: Type.Union(
    [
      Type.Literal('simulator'),
      Type.Literal('apifootball'),
      Type.Literal('allsportsapi'),
      Type.Literal('none'),
    ],
    { default: 'simulator' },
  ),
  /** bookmaker margin: the implied probabilities of a book add up to 1 + margin */
  ODDS_MARGIN: Type.Number({ default: 0.06, minimum: 0, maximum: 0.5 }),
  /** margins of the other markets (games-006): two-way books, other three-way books, correct score, HT/FT */
  MARKET_MARGIN_TWO_WAY: Type.Number({ default: 0.055, minimum: 0, maximum: 0.5 }),
  MARKET_MARGIN_THREE_WAY: Type.Number({ default: 0.065, minimum: 0, maximum: 0.5 }),
  MARKET_MARGIN_CORRECT_SCORE: Type.Number({ default: 0.2, minimum: 0, maximum: 1 }),
  MARKET_MARGIN_HTFT: Type.Number({ default: 0.15, minimum: 0, maximum: 1 }),

  /** 1 = real time; 10 = ten times faster */
  SIMULATOR_SPEED: Type.Number({ default: 1, exclusiveMinimum: 0, maximum: 100_000 }),
  /** seed of the public calendar (which clubs meet when); it decides no match */
  SIMULATOR_SEED: Type.Integer({ default: 2026, minimum: 0, maximum: 4_294_967_295 }),
  /**
   * the secret every simulated match is drawn from (hex, at least 128 bits); unset, one is
   * generated at first start and kept in the games database
   */
  SIMULATOR_SECRET: Type.Optional(Type.String({ pattern: '^[0-9a-fA-F]{32,128}$' })),
  /** real milliseconds between two simulator ticks */
  SIMULATOR_TICK_MS: Type.Integer({ default: 1000, minimum: 10, maximum: 60_000 }),
  /** simulated hours of upcoming fixtures kept in the calendar */
  SIMULATOR_HORIZON_HOURS: Type.Number({ default: 24, minimum: 1, maximum: 24 * 14 }),
  /**
   * real days (today included, UTC) for which the weekly showcase rounds are booked ahead,
   * beyond the horizon: the web's day chips promise a week; 0 turns it off
   */
  SIMULATOR_CALENDAR_DAYS: Type.Integer({ default: 8, minimum: 0, maximum: 28 }),
  /** simulated hours of already-played fixtures created on a fresh start */
  SIMULATOR_BACKFILL_HOURS: Type.Number({ default: 12, minimum: 0, maximum: 24 * 7 }),
  /** simulated hours a finished or cancelled simulated game without bets stays in the catalogue */
  SIMULATOR_KEEP_HOURS: Type.Number({ default: 12, minimum: 1, maximum: 24 * 30 }),
  /** simulated minutes between kick-off slots, and matches per slot */
  SIMULATOR_SLOT_MINUTES: Type.Integer({ default: 20, minimum: 15, maximum: 24 * 60 }),
  SIMULATOR_MATCHES_PER_SLOT: Type.Integer({ default: 2, minimum: 1, maximum: 8 }),
  /** games per simulator transaction (short turns keep the embedded PGlite responsive) */
  SIMULATOR_BATCH: Type.Integer({ default: 50, minimum: 1, maximum: 1000 }),

  /** live prices: republish once a public price is this much better for the bettor than the model's; any change at least this often; the clock this often */
  LIVE_ODDS_MIN_MOVE: Type.Number({ default: 0.02, minimum: 0, maximum: 0.5 }),
  LIVE_ODDS_MAX_AGE_MINUTES: Type.Integer({ default: 10, minimum: 1, maximum: 90 }),
  /** a live game whose in-play price was not confirmed for this long is suspended (seconds) */
  LIVE_PRICE_MAX_AGE_S: Type.Integer({ default: 30, minimum: 1, maximum: 3600 }),
  LIVE_CLOCK_EVERY_MINUTES: Type.Integer({ default: 5, minimum: 1, maximum: 90 }),
  /** a goal, a red card or a penalty suspends the game's markets this long (real ms; 0: never) */
  LIVE_SUSPEND_MS: Type.Integer({ default: 5_000, minimum: 0, maximum: 120_000 }),

  API_FOOTBALL_KEY: Type.Optional(Type.String({ minLength: 1 })),
  API_FOOTBALL_URL: Type.String({ default: 'https://v3.football.api-sports.io' }),
  /** comma-separated API-Football league ids to keep (empty: every league) */
  API_FOOTBALL_LEAGUES: Type.String({ default: '', pattern: '^[0-9, ]*$' }),
  ALLSPORTS_API_KEY: Type.Optional(Type.String({ minLength: 1 })),
  ALLSPORTS_API_URL: Type.String({ default: 'https://apiv2.allsportsapi.com/football/' }),
  /** comma-separated AllSportsAPI league keys to keep (empty: every league) */
  ALLSPORTS_LEAGUES: Type.String({ default: '', pattern: '^[0-9, ]*$' }),
  /** scheduled sync of every provider with a key (0 disables the schedule) */
  SYNC_INTERVAL_MINUTES: Type.Number({ default: 15, minimum: 0, maximum: 24 * 60 }),
  /** days after today whose fixtures a sync fetches (yesterday is always included) */
  SYNC_DAYS_AHEAD: Type.Integer({ default: 2, minimum: 0, maximum: 14 }),
  /** upper bound of paged requests (odds) per sync, to stay inside provider quotas */
  SYNC_MAX_PAGES: Type.Integer({ default: 3, minimum: 1, maximum: 50 }),
  PROVIDER_TIMEOUT_MS: Type.Integer({ default: 10_000, minimum: 100, maximum: 120_000 }),
};

export type GamesConfig = Static<TObject<typeof gamesConfig>>;

/**
 * The kit's part of the context: what the objects `context.ts` builds receive. It lives here,
 * not in context.ts, so that those objects never import the module that builds them.
 */
export type KitContext = ServiceContext<GamesDB, GamesConfig>;
