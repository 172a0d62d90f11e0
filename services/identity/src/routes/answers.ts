import { type TSchema, Type } from '@bet/kit';

/**
 * What the routes answer, field by field (publicUser and adminUser in domain/users.ts,
 * limitsView in domain/limits.ts, protectionView in domain/protection.ts; the public shapes in
 * docs/api-conventions.md "Objects" and "Envelopes"). A response schema also serialises: a
 * field it does not name is dropped, so every field a handler sends is named here.
 */

const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);
const DateTime = Type.String({ format: 'date-time' });

/** A limit and, while a loosening waits out its cooling-off, the value it will become. */
const LimitAnswer = <T extends TSchema>(value: T) =>
  Type.Object({
    limit: value,
    pending: Type.Optional(
      Type.Object(
        { value, effectiveAt: DateTime },
        { description: 'a higher or removed limit waiting out the cooling-off period' },
      ),
    ),
  });
const Dollars = Type.Number({ description: 'dollars, 0 for no limit' });

export const LimitsAnswer = Type.Object(
  {
    weeklyBetCount: LimitAnswer(Type.Integer({ description: 'bets a week, 0 for no limit' })),
    weeklyStakeAmount: LimitAnswer(Dollars),
  },
  { description: "The player's weekly betting limits" },
);

export const ProtectionAnswer = Type.Object(
  {
    exclusion: Nullable(
      Type.Object({
        kind: Type.Union([Type.Literal('time_out'), Type.Literal('self_exclusion')]),
        startedAt: DateTime,
        until: DateTime,
      }),
    ),
    depositLimits: Type.Object({
      daily: LimitAnswer(Dollars),
      weekly: LimitAnswer(Dollars),
      monthly: LimitAnswer(Dollars),
    }),
    realityCheckMinutes: Type.Integer({ description: 'minutes between reality checks, 0 = off' }),
  },
  { description: 'Time-out or self-exclusion, deposit limits and the reality check as they stand now' },
);

const userFields = {
  _id: Type.String(),
  username: Type.String(),
  firstName: Type.String(),
  lastName: Type.String(),
  email: Type.String(),
  role: Type.Union([Type.Literal('user'), Type.Literal('admin')]),
  profilePicture: Nullable(Type.String({ description: 'an absolute URL' })),
  state: Nullable(Type.String()),
  createdAt: DateTime,
  hasPassword: Type.Boolean({ description: 'false for an account made through social sign-in only' }),
  limits: LimitsAnswer,
  termsAcceptedAt: Nullable(
    Type.String({ format: 'date-time', description: 'the 18+ and terms consent at registration' }),
  ),
  protection: ProtectionAnswer,
  phone: Nullable(
    Type.String({ description: 'mobile number in E.164, for an account made or signed in by phone' }),
  ),
};

/** The spec's User object. */
export const UserAnswer = Type.Object(userFields);

/** The User object with what administrators see in addition. */
export const AdminUserAnswer = Type.Object({
  ...userFields,
  isOnline: Type.Boolean(),
  lastSeen: Nullable(DateTime),
  closedAt: Nullable(Type.String({ format: 'date-time', description: 'set once the account is closed' })),
});

export const MsgAnswer = Type.Object({ msg: Type.String() });

export const MsgUserAnswer = Type.Object({ msg: Type.String(), user: UserAnswer });

export const TokenPairAnswer = Type.Object(
  { accessToken: Type.String(), refreshToken: Type.String() },
  { description: 'A session: the access token (JWT) and the refresh token' },
);

/** A sign-in (login, registration): the session and who it is for. */
export const SignedInAnswer = Type.Object({
  msg: Type.String(),
  accessToken: Type.String(),
  refreshToken: Type.String(),
  user: UserAnswer,
});

/** A change to the player's protection: the picture as it stands and the whole user. */
export const ProtectionChangedAnswer = Type.Object({
  msg: Type.String(),
  protection: ProtectionAnswer,
  user: UserAnswer,
});
