/**
 * Every deployable of the platform, in start order (owners of data that others read at
 * start come first). The embedded runner imports them into one process; the cluster
 * runner starts each `main` as its own process.
 */
export interface ServiceEntry {
  name: string;
  port: number;
  /** workspace package exporting the service definition */
  pkg: string;
  exportName: string;
  main: string;
  /** the package, imported by a literal specifier so a bundler takes it in (npm start's bundle) */
  load: () => Promise<Record<string, unknown>>;
}

export const SERVICES: ServiceEntry[] = [
  {
    name: 'identity',
    port: 4001,
    pkg: '@bet/identity',
    exportName: 'identityService',
    main: 'services/identity/src/main.ts',
    load: () => import('@bet/identity'),
  },
  {
    name: 'wallet',
    port: 4002,
    pkg: '@bet/wallet',
    exportName: 'walletService',
    main: 'services/wallet/src/main.ts',
    load: () => import('@bet/wallet'),
  },
  {
    name: 'games',
    port: 4003,
    pkg: '@bet/games',
    exportName: 'gamesService',
    main: 'services/games/src/main.ts',
    load: () => import('@bet/games'),
  },
  {
    name: 'betting',
    port: 4004,
    pkg: '@bet/betting',
    exportName: 'bettingService',
    main: 'services/betting/src/main.ts',
    load: () => import('@bet/betting'),
  },
  {
    name: 'aviator',
    port: 4005,
    pkg: '@bet/aviator',
    exportName: 'aviatorService',
    main: 'services/aviator/src/main.ts',
    load: () => import('@bet/aviator'),
  },
  {
    name: 'ai',
    port: 4006,
    pkg: '@bet/ai',
    exportName: 'aiService',
    main: 'services/ai/src/main.ts',
    load: () => import('@bet/ai'),
  },
  {
    name: 'admin',
    port: 4007,
    pkg: '@bet/admin',
    exportName: 'adminService',
    main: 'services/admin/src/main.ts',
    load: () => import('@bet/admin'),
  },
];

export const GATEWAY_MAIN = 'gateway/src/main.ts';

/** Upstream URL variables the gateway reads, per service. */
export const upstreamEnv = (name: string) => `${name.toUpperCase()}_URL`;

/** What gets an image, a compose service and a Kubernetes Deployment: every service and the gateway. */
export const DEPLOYABLES: Array<{ name: string; main: string; port: number }> = [
  ...SERVICES.map(({ name, main, port }) => ({ name, main, port })),
  { name: 'gateway', main: GATEWAY_MAIN, port: 8080 },
];
