import { describe, expect, it } from 'vitest';
import { unsafePathReason } from './paths';

describe('paths the router and the upstream could read differently', () => {
  it.each([
    '/api/v1/auth/./register',
    '/api/v1/auth/../auth/register',
    '/api/v1/auth/%2e/register',
    '/api/v1/auth/%2E%2E/x',
    '/api/v1/ai%2fchat',
    '/api/v1/ai%2Fchat',
    '/api/v1//auth/register',
    '/api/v1/auth/register/',
    '/api/v1/games\\x',
    '/api/v1/promotions/.',
  ])('refuses %s', (url) => {
    expect(unsafePathReason(url)).not.toBeNull();
  });

  it.each([
    '/',
    '/api/v1/auth/register',
    '/api/v1/games?search=a/../b',
    '/api/v1/bets/share/5f1d7f0c9b1e8a3d4c2b1a99',
    '/assets/app.js',
    '/socket.io/?EIO=4&transport=polling',
    '/admin/',
    '/api/v1/games/a.b.png',
  ])('lets %s through', (url) => {
    expect(unsafePathReason(url)).toBeNull();
  });
});
