import { type App, HttpError, httpErrorHandler, type Logger, metricsText, routeNotFound } from '@bet/kit';
import rateLimit from '@fastify/rate-limit';
import Fastify from 'fastify';
import { TOO_MANY_REQUESTS } from './security';

/**
 * The gateway's internal listener (METRICS_PORT): GET /metrics for Prometheus and nothing
 * else, throttled per address in memory (a scrape every 15 s is 4 a minute). The public port
 * does not serve it: the text is about 480 KB with per-route traffic and names every route.
 */
export function createMetricsServer(opts: { logger: Logger; max: number }): App {
  const app = Fastify({
    loggerInstance: opts.logger.child({ listener: 'metrics' }),
    disableRequestLogging: true,
  });
  app.setErrorHandler(httpErrorHandler);
  app.setNotFoundHandler((req, reply) => {
    reply.status(404).send({ msg: routeNotFound(req.method, req.url) });
  });
  void app.register(rateLimit, {
    global: true,
    max: opts.max,
    timeWindow: 60_000,
    errorResponseBuilder: () => new HttpError(429, TOO_MANY_REQUESTS),
  });
  void app.register(async (scope) => {
    scope.get('/metrics', async (_req, reply) => {
      const { contentType, body } = await metricsText();
      return reply.header('content-type', contentType).send(body);
    });
  });
  return app as unknown as App;
}
