import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { crashPointOf as serverCrashPoint } from '../../services/aviator/src/domain/fairness';
import { crashPointOf, previousHashOf } from '../../web-player/src/aviator/verify';

// The fairness page's verifier (WebCrypto) must give exactly the server's crash points and chain links.
describe('in-browser verifier', () => {
  it('recomputes the crash point and the previous hash as the server does', async () => {
    let hash = createHash('sha256').update('verifier').digest('hex');
    const salt = 'public salt';
    for (let i = 0; i < 200; i++) {
      expect(await crashPointOf(hash, salt)).toBe(serverCrashPoint(hash, salt) / 100);
      const prev = await previousHashOf(hash);
      expect(prev).toBe(createHash('sha256').update(Buffer.from(hash, 'hex')).digest('hex'));
      hash = prev;
    }
  });
});
