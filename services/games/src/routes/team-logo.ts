import { Type } from '@bet/kit';
import { route } from '../context';
import { crestSvg, LOGO_PATH } from '../domain/logos';

export const teamLogoRoute = route(`GET ${LOGO_PATH}/:file`, (app) => {
  app.get(
    `${LOGO_PATH}/:file`,
    {
      config: { auth: 'public' },
      schema: {
        tags: ['games'],
        params: Type.Object({ file: Type.String({ pattern: '^[a-z0-9-]{1,80}\\.svg$' }) }),
      },
    },
    async (req, reply) =>
      reply
        .header('content-type', 'image/svg+xml; charset=utf-8')
        .header('cache-control', 'public, max-age=86400, immutable')
        .send(crestSvg(req.params.file.slice(0, -4))),
  );
});
