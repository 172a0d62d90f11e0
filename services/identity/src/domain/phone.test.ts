import { describe, expect, it } from 'vitest';
import {
  CODE_MAX_ATTEMPTS,
  cleanCode,
  codeMessage,
  displayPhone,
  isPhoneAccountEmail,
  judgeCode,
  newCode,
  normalizePhone,
  phoneAccountEmail,
  resendMessage,
  SEND_HOUR_POLICY,
  SEND_MINUTE_POLICY,
} from './phone';
import { delayAfter } from './throttle';

describe('normalizePhone', () => {
  it.each([
    ['08031234567', '+2348031234567'],
    ['0803 123 4567', '+2348031234567'],
    ['0803-123-4567', '+2348031234567'],
    ['(0803) 123 4567', '+2348031234567'],
    ['07031234567', '+2347031234567'],
    ['08131234567', '+2348131234567'],
    ['09031234567', '+2349031234567'],
    ['09131234567', '+2349131234567'],
    ['07011234567', '+2347011234567'],
    ['8031234567', '+2348031234567'],
    ['2348031234567', '+2348031234567'],
    ['+2348031234567', '+2348031234567'],
    ['+234 803 123 4567', '+2348031234567'],
    ['+234 (0) 803 123 4567', '+2348031234567'],
    ['+23408031234567', '+2348031234567'],
    ['002348031234567', '+2348031234567'],
    ['  08031234567  ', '+2348031234567'],
    ['+44 7700 900123', '+447700900123'],
    ['0044 7700 900123', '+447700900123'],
    ['+1 (415) 555-2671', '+14155552671'],
  ])('%s → %s', (input, e164) => {
    expect(normalizePhone(input)).toBe(e164);
  });

  it.each([
    '',
    '0803123456', // one digit short
    '080312345678', // one too many
    '06031234567', // not a Nigerian mobile prefix
    '08231234567', // 082 is not mobile
    '+2346031234567',
    '+234803123456',
    '01 234 5678', // Lagos landline
    '+0123456789',
    '+12',
    '+1234567890123456', // 16 digits
    '0803123456a',
    '0803+1234567',
    '++2348031234567',
    'abc',
    '08031234567; drop table users',
    '1'.repeat(50),
    '7700900123', // a UK number without its country code is not taken as Nigerian
  ])('refuses %j', (input) => {
    expect(normalizePhone(input)).toBeNull();
  });

  it('shows Nigerian numbers grouped, others as stored', () => {
    expect(displayPhone('+2348031234567')).toBe('+234 803 123 4567');
    expect(displayPhone('+447700900123')).toBe('+447700900123');
  });

  it('gives phone-only accounts an undeliverable, unique address', () => {
    expect(phoneAccountEmail('+2348031234567')).toBe('2348031234567@phone.invalid');
    expect(isPhoneAccountEmail('2348031234567@phone.invalid')).toBe(true);
    expect(isPhoneAccountEmail('ada@example.com')).toBe(false);
    expect(isPhoneAccountEmail('ada@phone.invalid.example.com')).toBe(false);
  });
});

describe('one-time codes', () => {
  it('are six digits, zero-padded', () => {
    expect(newCode(() => 42)).toBe('000042');
    expect(newCode(() => 999_999)).toBe('999999');
    let max = 0;
    newCode((m) => {
      max = m;
      return 0;
    });
    expect(max).toBe(1_000_000);
  });

  it.each([
    ['123456', '123456'],
    [' 123 456 ', '123456'],
    ['123-456', '123456'],
    ['12345', null],
    ['1234567', null],
    ['12345a', null],
    ['', null],
  ])('cleanCode(%j) = %j', (input, out) => {
    expect(cleanCode(input)).toBe(out);
  });

  const hashOf = (c: string) => `h:${c}`;
  const stored = { hash: 'h:123456', expiresAt: 1_000 };

  it('accepts the right code before expiry', () => {
    expect(judgeCode(stored, '123 456', 0, 999, hashOf)).toEqual({ ok: true });
    expect(judgeCode(stored, '123456', CODE_MAX_ATTEMPTS - 1, 0, hashOf)).toEqual({ ok: true });
  });

  it('refuses a missing, expired or wrong code, counting down the attempts', () => {
    expect(judgeCode(null, '123456', 0, 0, hashOf)).toEqual({ ok: false, reason: 'none' });
    expect(judgeCode(stored, '123456', 0, 1_000, hashOf)).toEqual({ ok: false, reason: 'expired' });
    expect(judgeCode(stored, '654321', 0, 0, hashOf)).toEqual({
      ok: false,
      reason: 'wrong',
      attemptsLeft: 4,
    });
    expect(judgeCode(stored, 'abc', 3, 0, hashOf)).toEqual({ ok: false, reason: 'wrong', attemptsLeft: 1 });
  });

  it('locks on the fifth wrong code, and the right one no longer works after that', () => {
    expect(judgeCode(stored, '000000', CODE_MAX_ATTEMPTS - 1, 0, hashOf)).toEqual({
      ok: false,
      reason: 'locked',
    });
    expect(judgeCode(stored, '123456', CODE_MAX_ATTEMPTS, 0, hashOf)).toEqual({
      ok: false,
      reason: 'locked',
    });
  });

  it('words each refusal', () => {
    expect(codeMessage({ ok: false, reason: 'wrong', attemptsLeft: 1 })).toBe('Wrong code. 1 attempt left.');
    expect(codeMessage({ ok: false, reason: 'wrong', attemptsLeft: 3 })).toBe('Wrong code. 3 attempts left.');
    expect(codeMessage({ ok: false, reason: 'locked' })).toMatch(/Request a new code/);
  });
});

describe('sending codes', () => {
  it('allows one a minute and five an hour to a number', () => {
    expect(delayAfter(1, SEND_MINUTE_POLICY)).toBe(60_000);
    expect([1, 2, 3, 4].map((n) => delayAfter(n, SEND_HOUR_POLICY))).toEqual([0, 0, 0, 0]);
    expect(delayAfter(5, SEND_HOUR_POLICY)).toBe(3_600_000);
    expect(delayAfter(9, SEND_HOUR_POLICY)).toBe(3_600_000);
  });
  it('says how long to wait', () => {
    expect(resendMessage(60_000)).toBe('Please wait 60 seconds before requesting another code.');
    expect(resendMessage(1)).toBe('Please wait 1 second before requesting another code.');
    expect(resendMessage(3_600_000)).toBe('Please wait 60 minutes before requesting another code.');
  });
});
