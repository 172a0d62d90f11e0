// What the admin screens read (spec 001 §3), as the API answers it.

export interface AdminUser {
  _id: string;
  username: string;
  firstName?: string;
  lastName?: string;
  email: string;
  role: 'admin' | 'user';
  profilePicture?: string | null;
  state?: string | null;
  walletBalance?: number;
  createdAt?: string;
  isOnline?: boolean;
  lastSeen?: string | null;
}

export interface UserList {
  users: AdminUser[];
  totalCount: number;
  currentPage: number;
  totalPages: number;
}

export interface Odds {
  home: number;
  draw: number;
  away: number;
}

export type GameStatus = 'upcoming' | 'live' | 'finished' | 'cancelled';

export interface Game {
  _id: string;
  homeTeam: string;
  awayTeam: string;
  league: string | null;
  matchDate: string;
  status: GameStatus;
  odds: Odds;
  homeTeamLogo?: string | null;
  awayTeamLogo?: string | null;
  scores?: { home: number; away: number };
}

export interface Withdrawal {
  _id: string;
  user: { username: string; email: string; walletBalance: number } | null;
  amount: number;
  createdAt: string;
  status: 'pending' | 'approved' | 'rejected';
  adminNotes?: string | null;
}

export interface Outcome {
  betCount: number;
  totalStake: number;
  totalPotentialPayout: number;
}

export interface RiskAnalysis {
  totalExposure: number;
  outcomes: { A: Outcome; B: Outcome; Draw: Outcome };
  gameDetails?: { homeTeam: string; awayTeam: string; league: string | null };
}

export interface ExposedGame {
  _id: string;
  gameDetails: { homeTeam: string; awayTeam: string; league: string | null } | null;
  totalPotentialPayout: number;
  odds: Odds | null;
  isHighRisk?: boolean;
}

export interface RiskOverview {
  totalExposure: number;
  highRiskGamesCount: number;
  topExposedGames: ExposedGame[];
}

export interface Promotion {
  _id: string;
  title: string;
  description: string;
  promoType: 'Bonus' | 'FreeBet' | 'OddsBoost';
  isActive: boolean;
  expiresAt: string | null;
}

export interface Ranking {
  _id: string;
  teamName: string;
  ranking: number;
}

export interface Transaction {
  _id: string;
  createdAt: string;
  type: 'bet' | 'win' | 'topup' | 'withdrawal';
  amount: number;
  description: string;
}

export interface Bet {
  _id: string;
  selections: Array<{
    gameId: { _id: string; homeTeam?: string; awayTeam?: string; league?: string | null };
    outcome: 'A' | 'B' | 'Draw';
    odds: number;
  }>;
  stake: number;
  status: 'pending' | 'won' | 'lost' | 'cancelled';
  cashedOut?: boolean;
  payout: number;
  createdAt: string;
}

export interface UserDetails {
  user: AdminUser;
  transactions: Transaction[];
  bets: Bet[];
}

export interface AuditEntry {
  _id: string;
  at: string;
  actor: { _id: string | null; username: string | null };
  service: string;
  action: string;
  entity: string;
  entityId: string;
  before: unknown;
  after: unknown;
}
