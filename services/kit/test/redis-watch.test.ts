import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { newId } from '../src/index';
import { eventually, TEST_REDIS_URL, watchRedisCommands } from '../src/testing';

describe('watchRedisCommands', () => {
  const client = new Redis(TEST_REDIS_URL);
  afterAll(() => client.disconnect());

  it('sees every command run after it resolves, with its arguments unquoted', async () => {
    const watch = await watchRedisCommands();
    const channel = `test:${newId()}`;
    const odd = 'a "quoted" word\\ on\ntwo lines \u0001';
    // many commands in one burst: echoes arrive several to a read
    await Promise.all(Array.from({ length: 50 }, (_, i) => client.publish(channel, `${i}`)));
    await client.publish(channel, odd);
    const mine = () => watch.commands.filter((c) => c[1] === channel);
    await eventually(() => mine().length === 51);
    watch.close();
    expect(mine().map((c) => c[0]!.toLowerCase())).toEqual(Array(51).fill('publish'));
    expect(mine()[50]![2]).toBe(odd);
    expect(
      new Set(
        mine()
          .slice(0, 50)
          .map((c) => c[2]),
      ),
    ).toEqual(new Set(Array.from({ length: 50 }, (_, i) => `${i}`)));
  });
});
