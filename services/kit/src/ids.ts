import { randomBytes } from 'node:crypto';

/** 24 lowercase hex characters, the id shape of the public API (spec: `_id`). */
export const ID_PATTERN = '^[0-9a-f]{24}$';
const ID_RE = new RegExp(ID_PATTERN);

let counter = randomBytes(3).readUIntBE(0, 3);
const processPart = randomBytes(5);

/**
 * ObjectId-like: 4 bytes of seconds, 5 per-process random bytes, 3 counter bytes.
 * Ids sort roughly by creation time, which keeps B-tree inserts append-mostly.
 */
export function newId(now = Date.now()): string {
  const buf = Buffer.alloc(12);
  buf.writeUInt32BE(Math.floor(now / 1000) >>> 0, 0);
  processPart.copy(buf, 4);
  counter = (counter + 1) % 0xffffff;
  buf.writeUIntBE(counter, 9, 3);
  return buf.toString('hex');
}

export function isId(value: unknown): value is string {
  return typeof value === 'string' && ID_RE.test(value);
}
