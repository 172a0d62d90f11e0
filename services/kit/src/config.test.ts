import { Type } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import { absoluteAssetUrl, BaseConfigSchema, ConfigError, loadConfig, webUrl } from './config';
import { ID_PATTERN, isId, newId } from './ids';

describe('loadConfig', () => {
  const schema = Type.Object({
    PORT: Type.Integer({ default: 8080, minimum: 1, maximum: 65535 }),
    FLAG: Type.Boolean({ default: false }),
    NAME: Type.String(),
  });

  it('applies defaults and converts types', () => {
    expect(loadConfig(schema, { NAME: 'x', FLAG: 'true' })).toEqual({ PORT: 8080, FLAG: true, NAME: 'x' });
    expect(loadConfig(schema, { NAME: 'x', PORT: '9000' }).PORT).toBe(9000);
  });

  it('names every bad variable with the value it got', () => {
    let err: unknown;
    try {
      loadConfig(schema, { PORT: 'eighty' });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ConfigError);
    expect((err as Error).message).toMatch(/PORT: .*"eighty"/);
    expect((err as Error).message).toMatch(/NAME/);
  });
});

describe('ids', () => {
  it('are 24 lowercase hex characters, unique and time-ordered', () => {
    const ids = Array.from({ length: 1000 }, () => newId());
    expect(new Set(ids).size).toBe(1000);
    for (const id of ids) expect(id).toMatch(new RegExp(ID_PATTERN));
    expect(newId(1_000_000_000_000) < newId(2_000_000_000_000)).toBe(true);
    expect(isId('ABCDEF0123456789abcdef01')).toBe(false);
    expect(isId('abc')).toBe(false);
  });
});

describe('web and asset addresses', () => {
  it('points links at WEB_URL, else at PUBLIC_URL, without a trailing slash', () => {
    expect(webUrl({ PUBLIC_URL: 'https://api.example/' })).toBe('https://api.example');
    expect(webUrl({ PUBLIC_URL: 'https://api.example', WEB_URL: 'https://www.example/' })).toBe(
      'https://www.example',
    );
  });

  it('makes our own asset paths absolute on the API and leaves other URLs alone', () => {
    expect(absoluteAssetUrl('https://api.example/', '/api/v1/games/logos/x.svg')).toBe(
      'https://api.example/api/v1/games/logos/x.svg',
    );
    expect(absoluteAssetUrl('https://api.example', 'https://cdn.example/l.png')).toBe(
      'https://cdn.example/l.png',
    );
    expect(absoluteAssetUrl('https://api.example', '//cdn.example/l.png')).toBe('//cdn.example/l.png');
    expect(absoluteAssetUrl('https://api.example', null)).toBeNull();
  });
});

describe('amounts of money in the settings', () => {
  const schema = Type.Object({
    CURRENCY: Type.Union([Type.Literal('USD'), Type.Literal('NGN')], { default: 'USD' }),
    MAX_STAKE: Type.Number({ default: 10_000, ngnDefault: 10_000_000 }),
  });

  it('default to dollars, and to their naira figure in a naira deployment, unless set', () => {
    expect(loadConfig(schema, {}).MAX_STAKE).toBe(10_000);
    expect(loadConfig(schema, { CURRENCY: 'NGN' }).MAX_STAKE).toBe(10_000_000);
    expect(loadConfig(schema, { CURRENCY: 'NGN', MAX_STAKE: '500' }).MAX_STAKE).toBe(500);
  });

  it('name the deployment currency in the base settings, USD unless set', () => {
    expect(loadConfig(BaseConfigSchema, {}).CURRENCY).toBe('USD');
    expect(loadConfig(BaseConfigSchema, { CURRENCY: 'NGN' }).CURRENCY).toBe('NGN');
    expect(() => loadConfig(BaseConfigSchema, { CURRENCY: 'EUR' })).toThrow(/CURRENCY/);
  });
});
