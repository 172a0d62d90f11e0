/**
 * The layer rules of docs/STYLE_GUIDE.md, checked on every `npm test`
 * (tests/architecture/layers.test.ts) and by `npm run layers`.
 */
const SERVER_PACKAGES =
  '^node_modules/(fastify|@fastify|kysely|pg|@electric-sql|@nats-io|ioredis|socket[.]io(?!-client)|@socket[.]io|pino|nodemailer|argon2)(/|$)';
/** what pure code may use of the kit: money, ids, errors, the clock */
const KIT_BEYOND_CORE = '^services/kit/src/(?!(core|clock|errors|ids|money)[.]ts$)';
const OTHER_LAYERS =
  '^services/[^/]+/src/(app|store|db|routes|consumers|jobs|adapters|providers|operations|simulator|sync|bin)/';

module.exports = {
  forbidden: [
    {
      name: 'no-service-imports-another',
      comment:
        'A service learns about another from events or asks it over the bus; it never imports its code.',
      severity: 'error',
      from: { path: '^services/([^/]+)/' },
      to: { path: '^services/([^/]+)/', pathNot: ['^services/$1/', '^services/kit/'] },
    },
    {
      name: 'domain-is-pure',
      comment: 'domain/ holds plain functions and types: no server, bus, database or other layer.',
      severity: 'error',
      from: { path: '^services/[^/]+/src/domain/' },
      to: { path: [SERVER_PACKAGES, KIT_BEYOND_CORE, OTHER_LAYERS, '^gateway/', '^infra/', '^web-'] },
    },
    {
      name: 'web-imports-no-server-code',
      comment: 'The browser bundles never pull in services, the gateway or server packages.',
      severity: 'error',
      from: { path: '^web-(shell|player|admin)/src/' },
      to: { path: ['^services/', '^gateway/', '^infra/', SERVER_PACKAGES] },
    },
    {
      name: 'web-fixtures-only-in-tests',
      comment: 'The typed example objects of @bet/web-shell/testing would be bundled into the browser.',
      severity: 'error',
      from: { path: '^web-(shell|player|admin)/src/', pathNot: '[.]test[.]tsx?$|/test-setup[.]ts$' },
      to: { path: '^web-shell/src/testing[.]ts$' },
    },
    {
      name: 'services-import-no-edge-or-web',
      severity: 'error',
      from: { path: '^(services|proto-events)/' },
      to: { path: ['^gateway/', '^web-', '^infra/'] },
    },
    {
      name: 'catalogue-stands-alone',
      comment: 'proto-events is the lexicon every part shares: it depends on nothing of ours.',
      severity: 'error',
      from: { path: '^proto-events/' },
      to: { path: ['^services/', '^gateway/'] },
    },
    {
      name: 'no-circular',
      comment:
        'No import cycles: a context builds its objects from the kit and app/ receives what it needs, never imports it back.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|node_modules|[.]data|[.]tmp)/' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    combinedDependencies: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
    },
  },
};
