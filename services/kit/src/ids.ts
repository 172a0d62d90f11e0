import { randomBytes } from 'node:crypto';

/** 24 lowercase hex characters, the id shape of the public API (spec: `_id`). */
export const ID_PATTERN = '^[0-9a-f]{24}$';
const ID_RE = new RegExp(ID_PATTERN);

/**
 * ObjectId-shaped: 4 bytes of seconds, then 8 random bytes from the CSPRNG. Ids still sort
 * roughly by creation time (B-tree inserts stay append-mostly), but knowing one id tells
 * nothing about the next: 64 random bits per id, not a per-process constant and a counter.
 */
export function newId(now = Date.now()): string {
  const buf = randomBytes(12);
  buf.writeUInt32BE(Math.floor(now / 1000) >>> 0, 0);
  return buf.toString('hex');
}

export function isId(value: unknown): value is string {
  return typeof value === 'string' && ID_RE.test(value);
}
