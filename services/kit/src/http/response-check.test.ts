import { Type } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import { MoneySchema } from './money-schema';
import { closedSchema, declaredResponse, responseMismatches } from './response-check';

const Bet = Type.Object({
  _id: Type.String(),
  stake: MoneySchema(),
  placedAt: Type.String({ format: 'date-time' }),
  note: Type.Optional(Type.String()),
});
const Page = Type.Object({ bets: Type.Array(Bet), totalPages: Type.Integer() });

describe('response check', () => {
  it('accepts an answer its schema describes (dates as JSON carries them, optional fields left out)', () => {
    const payload = { bets: [{ _id: 'a', stake: 2, placedAt: new Date() }], totalPages: 1 };
    expect(responseMismatches(Page, payload)).toEqual([]);
  });

  it('names a field the schema would silently drop', () => {
    const payload = {
      bets: [{ _id: 'a', stake: 2, placedAt: '2026-01-01T00:00:00Z', odds: 2.5 }],
      totalPages: 1,
    };
    expect(responseMismatches(Page, payload)).toEqual([{ path: '/bets/0', msg: 'undeclared field odds' }]);
  });

  it('names a value the serialiser would coerce', () => {
    const wrong = responseMismatches(Page, { bets: [], totalPages: '3' });
    expect(wrong).toEqual([{ path: '/totalPages', msg: 'must be integer' }]);
  });

  it('leaves objects that allow more fields open, and closes nested ones', () => {
    const Open = Type.Object({ meta: Type.Object({ a: Type.Number() }) }, { additionalProperties: true });
    expect(responseMismatches(Open, { meta: { a: 1 }, extra: true })).toEqual([]);
    expect(responseMismatches(Open, { meta: { a: 1, b: 2 } })).toHaveLength(1);
    // a property named like a keyword is data, not a schema
    const closed = closedSchema({ type: 'object', properties: { type: { type: 'string' } } }) as any;
    expect(closed.properties.type).toEqual({ type: 'string' });
  });

  it('finds the schema of a status code', () => {
    expect(declaredResponse({ 200: Page }, 200)).toBe(Page);
    expect(declaredResponse({ '2xx': Page }, 201)).toBe(Page);
    expect(declaredResponse({ 200: Page }, 201)).toBeUndefined();
    expect(declaredResponse(undefined, 200)).toBeUndefined();
  });
});
