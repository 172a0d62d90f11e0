// What the admin screens read (spec 001 §3), as the API answers it: derived from the services'
// own response schemas (@bet/api-types), so a field the server does not send fails the typecheck.
import type { Answer, paths } from '@bet/api-types';

/** GET /admin/users: one page of accounts. */
export type UserList = Answer<'/admin/users'>;
export type AdminUser = UserList['users'][number];

/** GET /admin/users/{id}/details: the profile with its wallet lines and bets. */
export type UserDetails = Answer<'/admin/users/{id}/details'>;
export type Transaction = UserDetails['transactions'][number];
export type Bet = UserDetails['bets'][number];

/** PATCH /admin/users/{id}/wallet: posted at once (200), or above the four-eyes threshold only a request (202). */
export type WalletAdjusted =
  | Answer<'/admin/users/{id}/wallet', 'patch'>
  | paths['/admin/users/{id}/wallet']['patch']['responses'][202]['content']['application/json'];

/** GET /admin/wallet/adjustments: four-eyes requests. */
export type AdjustmentRequests = Answer<'/admin/wallet/adjustments'>;
export type AdjustmentRequest = AdjustmentRequests['requests'][number];
export type AdjustmentApproved = Answer<'/admin/wallet/adjustments/{id}/approve', 'post'>;

/** GET /games: the admin's game list (a page of the catalogue). */
export type GamePage = Answer<'/games'>;
export type Game = GamePage['games'][number];
export type GameStatus = Game['status'];

/** GET /admin/withdrawals: a bare array of requests with one status. */
export type WithdrawalList = Answer<'/admin/withdrawals'>;
export type Withdrawal = WithdrawalList[number];

/** GET /admin/risk/overview and GET /admin/games/{id}/risk. */
export type RiskOverview = Answer<'/admin/risk/overview'>;
export type ExposedGame = RiskOverview['topExposedGames'][number];
export type GameRisk = Answer<'/admin/games/{id}/risk'>;

/** GET /promotions/all: every promotion, active or not. */
export type PromotionList = Answer<'/promotions/all'>;
export type Promotion = PromotionList['promotions'][number];

/** GET /admin/rankings: the teams' power rankings. */
export type RankingList = Answer<'/admin/rankings'>;
export type Ranking = RankingList['rankings'][number];

/** GET /admin/audit-log: one page of admin actions. */
export type AuditPage = Answer<'/admin/audit-log'>;
export type AuditEntry = AuditPage['entries'][number];

/** The dashboard's figures (also pushed whole in the socket's `dashboard_updated`). */
export type PlatformStats = Answer<'/admin/stats/platform'>;
export type FinancialStats = Answer<'/admin/dashboard/financial'>;
export type DailyStats = Answer<'/admin/stats/daily'>;

/** The Aviator monitor: the round now, and its money. */
export type AviatorRound = Answer<'/aviator/state'>;
export type AviatorOverview = Answer<'/admin/aviator/overview'>;

/** GET /games/{id}/markets: every market of a game with its status and prices (issue 32). */
export type GameMarkets = Answer<'/games/{id}/markets'>;
export type GameMarket = GameMarkets['markets'][number];
