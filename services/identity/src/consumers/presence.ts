import { Type } from '@bet/kit';
import { type CommandRequest, IdentityPresence, validate } from '@bet/proto-events';
import { recordPresence } from '../app/presence';
import { responder } from '../context';

type PresenceReport = CommandRequest<typeof IdentityPresence>;
const isReport = (req: unknown): req is PresenceReport =>
  validate(IdentityPresence.request, req).length === 0;

/**
 * The gateway reports a user's sockets coming and going. A malformed report is answered
 * `{ ok: false }`, as identity always has, rather than with the bus error the kit's request
 * check would give: the kit is handed a request schema that lets everything through, and the
 * catalogue's schema is applied here.
 */
export const presenceResponder = responder(
  { ...IdentityPresence, request: Type.Unknown() },
  async (ctx, req) => ({ ok: isReport(req) && (await recordPresence(ctx, req)) }),
);
