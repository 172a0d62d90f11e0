import { IdentityPresence } from '@bet/proto-events';
import { recordPresence } from '../app/presence';
import { responder } from '../context';

/** The gateway reports a user's sockets coming and going; a malformed report is answered `{ ok: false }`. */
export const presenceResponder = responder(
  IdentityPresence,
  async (ctx, req) => ({ ok: await recordPresence(ctx, req) }),
  {
    invalid: () => ({ ok: false }),
  },
);
