import { ID_PATTERN, Type } from '@bet/kit';
import { EMAIL_MAX, NAME_MAX, STATE_MAX } from '../domain/users';

/** Request schemas shared by the routes. Field rules with friendlier messages live in the domain. */
export const Email = Type.String({ format: 'email', maxLength: EMAIL_MAX });
/** long enough for any sane password; the length rule itself gives the message */
export const NewPassword = Type.String({ maxLength: 1024 });
export const AnyPassword = Type.String({ minLength: 1, maxLength: 1024 });
export const Name = Type.String({ maxLength: NAME_MAX * 4 });
export const IdParams = Type.Object(
  { id: Type.String({ pattern: ID_PATTERN }) },
  { additionalProperties: false },
);
export const RefreshBody = Type.Object(
  { token: Type.String({ minLength: 1, maxLength: 4096 }) },
  { additionalProperties: false },
);
export const RefreshTokenBody = Type.Object(
  {
    token: Type.String({ minLength: 1, maxLength: 4096 }),
    /** opt into rotation with reuse detection: the answer's refreshToken replaces this one */
    rotate: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export const ProfileBody = Type.Object(
  {
    firstName: Type.Optional(Name),
    lastName: Type.Optional(Name),
    state: Type.Optional(Type.Union([Type.String({ maxLength: STATE_MAX * 4 }), Type.Null()])),
  },
  { additionalProperties: false },
);
