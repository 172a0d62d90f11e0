import { describe, expect, it } from 'vitest';
import { isCommonPassword, passwordProblem } from './passwords';

describe('password rules', () => {
  it('refuses short passwords', () => {
    expect(passwordProblem('Ab1!xyz')).toBe('Password must be at least 8 characters.');
    expect(passwordProblem('Ab1!xyzw')).toBeNull();
  });

  it('refuses overly long passwords', () => {
    expect(passwordProblem('a'.repeat(129))).toMatch(/at most 128/);
  });

  it('refuses the most common passwords whatever their case', () => {
    expect(isCommonPassword('password')).toBe(true);
    expect(isCommonPassword('PassWord')).toBe(true);
    expect(passwordProblem('12345678')).toMatch(/too common/);
    expect(passwordProblem('qwertyuiop')).toMatch(/too common/);
    expect(passwordProblem('iloveyou')).toMatch(/too common/);
    expect(isCommonPassword('kettle-Orbit-93-lagoon')).toBe(false);
  });

  it('refuses the username or the email as password', () => {
    expect(passwordProblem('adaobi_99', { username: 'AdaObi_99' })).toMatch(/username or email/);
    expect(passwordProblem('zeta.quark7', { email: 'zeta.quark7@example.com' })).toMatch(/username or email/);
    expect(passwordProblem('another-long-one', { username: 'ada', email: 'ada@example.com' })).toBeNull();
  });

  it('refuses whitespace-only passwords', () => {
    expect(passwordProblem('          ')).toMatch(/spaces/);
  });
});
