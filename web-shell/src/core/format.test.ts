import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  currencySymbol,
  formatCompactMoney,
  formatMoney,
  formatSignedMoney,
  formatWholeMoney,
  setMoneyCurrency,
} from './format';

afterEach(() => setMoneyCurrency('USD'));

describe('money in the web', () => {
  it('reads as US dollars with two decimals and thousands separators', () => {
    expect(formatMoney(1234.5)).toBe('$1,234.50');
    expect(formatMoney(-3)).toBe('-$3.00');
    expect(formatMoney('25')).toBe('$25.00');
    expect(formatMoney(undefined)).toBe('$0.00');
    expect(formatSignedMoney(12.5)).toBe('+$12.50');
    expect(formatSignedMoney(-3)).toBe('-$3.00');
    expect(formatSignedMoney(0)).toBe('$0.00');
    expect(formatCompactMoney(1234)).toBe('$1.2k');
    expect(formatCompactMoney(-15)).toBe('-$15');
    expect(formatCompactMoney(12_345)).toBe('$12k');
    expect(formatWholeMoney(5000)).toBe('$5,000');
    expect(formatWholeMoney(2.5)).toBe('$2.50');
    expect(currencySymbol()).toBe('$');
  });

  it('reads as naira, with the naira sign and grouping, where the deployment is in naira', () => {
    setMoneyCurrency('NGN');
    expect(formatMoney(1000)).toBe('₦1,000.00');
    expect(formatMoney(1234567.5)).toBe('₦1,234,567.50');
    expect(formatMoney(-3)).toBe('-₦3.00');
    expect(formatMoney('25')).toBe('₦25.00');
    expect(formatSignedMoney(12.5)).toBe('+₦12.50');
    expect(formatWholeMoney(5000)).toBe('₦5,000');
    expect(formatCompactMoney(1234)).toBe('₦1.2k');
    expect(formatCompactMoney(2_500_000)).toBe('₦2.5M');
    expect(currencySymbol()).toBe('₦');
  });

  it('is formatted by the shell alone: no screen writes a dollar sign before a number of its own', () => {
    const root = resolve(import.meta.dirname, '../../..');
    const sources = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
        e.isDirectory()
          ? sources(join(dir, e.name))
          : /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name)
            ? [join(dir, e.name)]
            : [],
      );
    const own = resolve(import.meta.dirname, 'format.ts');
    // `$${…}` in a template, `>${…}` right after a tag, a JSX line of text that starts with
    // `${…}` (a dollar sign before an expression), or `${n.toFixed(2)}` that is not a multiplier
    // (`…}x`): a hand-made amount
    const byHand = /\$\$\{|>\$\{|^\s*\$\{[^}`]*\}\s*$|\$\{[^}]*\.toFixed\(2\)\}(?!x)/;
    const found = ['web-shell/src', 'web-player/src', 'web-admin/src']
      .flatMap((d) => sources(join(root, d)))
      .filter((f) => f !== own)
      .flatMap((f) =>
        readFileSync(f, 'utf8')
          .split('\n')
          .flatMap((line, i) => (byHand.test(line) ? [`${relative(root, f)}:${i + 1}: ${line.trim()}`] : [])),
      );
    expect(found).toEqual([]);
  });
});
