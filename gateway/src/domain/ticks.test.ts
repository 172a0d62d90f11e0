import { describe, expect, it } from 'vitest';
import { TickCoalescer } from './ticks';

const turn = () => new Promise((r) => setImmediate(r));

describe('TickCoalescer', () => {
  it('sends a lone tick on the next turn', async () => {
    const sent: number[] = [];
    const ticks = new TickCoalescer<number>((t) => sent.push(t));
    ticks.tick(1.01);
    expect(sent).toEqual([]);
    await turn();
    expect(sent).toEqual([1.01]);
  });

  it('folds the ticks that arrive together into the newest', async () => {
    const sent: number[] = [];
    const ticks = new TickCoalescer<number>((t) => sent.push(t));
    for (const m of [1.01, 1.02, 1.03]) ticks.tick(m);
    await turn();
    ticks.tick(1.04);
    await turn();
    expect(sent).toEqual([1.03, 1.04]);
  });

  it('drops a waiting tick when another event goes first', async () => {
    const sent: number[] = [];
    const ticks = new TickCoalescer<number>((t) => sent.push(t));
    ticks.tick(2.5);
    ticks.discard();
    await turn();
    expect(sent).toEqual([]);
    ticks.tick(1.0);
    await turn();
    expect(sent).toEqual([1.0]);
  });
});
