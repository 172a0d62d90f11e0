import { newId } from '@bet/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startWallet } from './helpers';

let h: Harness;
beforeAll(async () => {
  h = await startWallet();
});
afterAll(async () => h?.close());

describe('transaction list date filters', () => {
  it('answers 400, not 500, for a date at the edge of the representable range', async () => {
    const token = await h.userToken(newId());
    // the last representable instant parses; the inclusive end (+1 ms) does not exist
    const res = await h.http('GET', '/api/v1/wallet/transactions?endDate=%2B275760-09-13T00:00:00.000Z', {
      token,
    });
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({ path: 'endDate', location: 'query' });
  });

  it('answers 400, not 500, for a date before the database can store one', async () => {
    const token = await h.userToken(newId());
    const res = await h.http('GET', '/api/v1/wallet/transactions?startDate=-100000-01-01T00:00:00.000Z', {
      token,
    });
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({ path: 'startDate', location: 'query' });
  });
});
