// The crash-point formula and the chain rule, recomputed in the browser with WebCrypto, so a
// player needs to trust neither the server's verify call nor this page's server.
const hexToBytes = (hex: string) =>
  new Uint8Array((hex.match(/../g) ?? []).map((b) => Number.parseInt(b, 16)));
const bytesToHex = (b: ArrayBuffer) =>
  [...new Uint8Array(b)].map((x) => x.toString(16).padStart(2, '0')).join('');

export const isHash = (s: string) => /^[0-9a-f]{64}$/.test(s);

/** SHA-256 of the 32 bytes of a round hash: the previous round's hash. */
export async function previousHashOf(hash: string): Promise<string> {
  return bytesToHex(await crypto.subtle.digest('SHA-256', hexToBytes(hash)));
}

/** max(1, floor(99 / (1 − X)) / 100), X = first 52 bits of HMAC-SHA256(key = salt, message = hash bytes) / 2^52 */
export async function crashPointOf(hash: string, salt: string): Promise<number> {
  const key = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(salt),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const h = bytesToHex(await crypto.subtle.sign('HMAC', key, hexToBytes(hash)));
  const x = Number.parseInt(h.slice(0, 13), 16) / 2 ** 52;
  return Math.max(100, Math.floor(99 / (1 - x))) / 100;
}
