import { createHmac, timingSafeEqual } from 'node:crypto';

/** Constant-time string comparison (a mismatch in length leaks only the length). */
export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export function hmacHex(algorithm: 'sha256' | 'sha512', key: string, body: Buffer | string): string {
  return createHmac(algorithm, key).update(body).digest('hex');
}
