import { ID_PATTERN, Type } from '@bet/kit';

export const IdParams = Type.Object({ id: Type.String({ pattern: ID_PATTERN }) });

export const Amount = Type.Object({ amount: Type.Number() });

export const PromotionJson = Type.Object({
  _id: Type.String(),
  title: Type.String(),
  description: Type.String(),
  promoType: Type.Union([Type.Literal('Bonus'), Type.Literal('FreeBet'), Type.Literal('OddsBoost')]),
  isActive: Type.Boolean(),
  expiresAt: Type.Union([Type.String(), Type.Null()]),
});

const PromoType = Type.Union([Type.Literal('Bonus'), Type.Literal('FreeBet'), Type.Literal('OddsBoost')]);

/** The form's fields; required-ness is the domain's (so a missing title answers the spec's message). */
export const PromotionBody = Type.Object(
  {
    title: Type.Optional(Type.String({ maxLength: 200 })),
    description: Type.Optional(Type.String({ maxLength: 2000 })),
    promoType: Type.Optional(PromoType),
    isActive: Type.Optional(Type.Boolean()),
    expiresAt: Type.Optional(Type.Union([Type.String({ maxLength: 40 }), Type.Null()])),
  },
  { additionalProperties: false },
);
