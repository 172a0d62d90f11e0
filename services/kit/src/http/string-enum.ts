import { type TLiteral, type TUnion, Type } from '@sinclair/typebox';

/** one literal schema per value, in order */
type Literals<T extends readonly string[]> = T extends readonly [
  infer H extends string,
  ...infer R extends readonly string[],
]
  ? [TLiteral<H>, ...Literals<R>]
  : TLiteral<T[number]>[];

/**
 * A string field of a few values, as the JSON schema `{ type: 'string', enum }` (one
 * validation message, one OpenAPI `enum`). Typed as the union of its values: the route's
 * type provider reads `req.body`/`req.query` and checks the answer from it, where
 * `Type.Unsafe` would read `unknown`.
 */
export function StringEnum<const T extends readonly string[]>(
  values: T,
  opts: Record<string, unknown> = {},
): TUnion<Literals<T>> {
  // the static type is the union; the schema stays the plain enum the messages and the API docs show
  return Type.Unsafe({ type: 'string', enum: [...values], ...opts }) as never;
}
