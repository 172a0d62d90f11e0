import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { clusterInfrastructure } from '@bet/kit';
import closeWithGrace from 'close-with-grace';
import { loadGatewayConfig } from './config';
import { createGateway } from './index';

/**
 * The gateway in its own process (cluster and container modes): services at the
 * *_URL addresses, NATS and Redis from the environment.
 */
const config = loadGatewayConfig(process.env);
const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const infra = await clusterInfrastructure(process.env, 'gateway');
let draining = false;
const gateway = await createGateway({
  config,
  draining: () => draining,
  logger: infra.logger,
  verifier: infra.verifier,
  bus: infra.bus,
  cache: infra.cache,
  redis: config.REDIS_URL,
  upstreams: {
    identity: config.IDENTITY_URL,
    wallet: config.WALLET_URL,
    games: config.GAMES_URL,
    betting: config.BETTING_URL,
    aviator: config.AVIATOR_URL,
    ai: config.AI_URL,
    admin: config.ADMIN_URL,
  },
  webRoots: {
    shell: config.WEB_SHELL_DIR || resolve(repo, 'web-shell/dist'),
    player: config.WEB_PLAYER_DIR || resolve(repo, 'web-player/dist'),
    admin: config.WEB_ADMIN_DIR || resolve(repo, 'web-admin/dist'),
  },
});
await gateway.listen(config.PORT, config.HOST);

closeWithGrace({ delay: 10_000 + config.DRAIN_SECONDS * 1000 }, async ({ err, signal }) => {
  if (err) infra.logger.error({ err }, 'gateway shutting down after an error');
  else infra.logger.info({ signal }, 'gateway shutting down');
  // not ready, still serving, for DRAIN_SECONDS: the load balancer takes it out first
  draining = true;
  if (!err && config.DRAIN_SECONDS > 0)
    await new Promise((done) => setTimeout(done, config.DRAIN_SECONDS * 1000));
  await gateway.close();
  await infra.close();
});
