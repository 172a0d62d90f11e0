import { describe, expect, it } from 'vitest';
import { commands, events } from './catalogue';
import { validate } from './define';

describe('event catalogue', () => {
  const all = Object.values(events);

  it('has unique subjects and owners for every event', () => {
    const subjects = all.map((e) => e.subject);
    expect(new Set(subjects).size).toBe(subjects.length);
    for (const e of all) expect(e.owner).toMatch(/^(identity|wallet|games|betting|aviator|ai|admin)$/);
  });

  it.each(all.map((e) => [e.subject, e] as const))('%s: the example satisfies the schema', (_s, e) => {
    expect(validate(e.schema, e.example)).toEqual([]);
  });

  it.each(Object.values(commands).map((c) => [c.subject, c] as const))(
    '%s: request and reply examples satisfy their schemas',
    (_s, c) => {
      expect(validate(c.request, c.example.request)).toEqual([]);
      expect(validate(c.reply, c.example.reply)).toEqual([]);
    },
  );

  it('rejects a payload that breaks the schema', () => {
    expect(validate(events.GamesSettled.schema, { gameId: 'nope', result: 'X' }).length).toBeGreaterThan(0);
  });
});
