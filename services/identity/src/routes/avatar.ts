import { HttpError } from '@bet/kit';
import { loadAvatar } from '../app/profile';
import { route } from '../context';
import { IdParams } from './schemas';

export const avatarRoute = route('GET /api/v1/users/avatars/:id', (app, ctx) => {
  app.get(
    '/api/v1/users/avatars/:id',
    { config: { auth: 'public' }, schema: { tags: ['users'], params: IdParams } },
    async (req, reply) => {
      const avatar = await loadAvatar(ctx, req.params.id);
      if (!avatar) throw new HttpError(404, 'Picture not found.');
      // a new upload gets a new id, so a picture never changes under its address
      const etag = `"${req.params.id}"`;
      reply
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('etag', etag)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox");
      if (req.headers['if-none-match'] === etag) return reply.status(304).send();
      return reply.type(avatar.content_type).send(Buffer.from(avatar.bytes));
    },
  );
});
