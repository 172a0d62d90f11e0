/**
 * The Kubernetes manifests under infra/k8s, rendered from the list of deployables so a new
 * service gets its Deployment, Service, HorizontalPodAutoscaler, PodDisruptionBudget and
 * migration Job by being registered in services.ts. `node --import tsx infra/src/k8s.ts`
 * rewrites the files; infra/test/k8s.test.ts checks they are current, valid against the
 * Kubernetes schemas, and that both overlays render.
 *
 *   base/                 the platform (no replica counts: the autoscalers own them)
 *   base/migrate/         a release's migration Jobs, applied and waited for first
 *   overlays/dev|production[/migrate]   image tags and the settings that differ
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { stringify } from 'yaml';
import { REPO_ROOT } from './defaults';
import { DEPLOYABLES, upstreamEnv } from './services';

export const NAMESPACE = 'bet-platform';
export const CONFIG_MAP = 'bet-platform-config';
/** the gateway's METRICS_PORT default: Prometheus scrapes it there */
export const GATEWAY_METRICS_PORT = 9464;
export const SECRET = 'bet-platform-secrets';
export const SERVICE_ACCOUNT = 'bet-platform';
export const TLS_SECRET = 'bet-platform-tls';
const PART_OF = 'bet-platform';
/** where the cluster's Postgres, NATS and Redis run, and its ingress controller and Prometheus */
const DEPS_NAMESPACE = 'bet-platform-deps';
const INGRESS_NAMESPACE = 'ingress-nginx';
const MONITORING_NAMESPACE = 'monitoring';

/**
 * Secret keys each deployable reads, beyond DATABASE_URL and JWT_PUBLIC_KEY (npm run keys --
 * --k8s writes them); optional ones may be absent from the Secret.
 */
export const SECRET_ENV: Record<string, Array<{ name: string; optional?: boolean }>> = {
  identity: [
    { name: 'JWT_PRIVATE_KEY' },
    { name: 'ADMIN_EMAIL' },
    { name: 'ADMIN_PASSWORD' },
    { name: 'SMTP_URL', optional: true },
    // phone sign-in codes: SMS_PROVIDER=termii with its key and a registered sender ID
    // (without them the codes stay in the development outbox)
    { name: 'SMS_PROVIDER', optional: true },
    { name: 'TERMII_API_KEY', optional: true },
    { name: 'SMS_SENDER_ID', optional: true },
    { name: 'GOOGLE_CLIENT_ID', optional: true },
    { name: 'GOOGLE_CLIENT_SECRET', optional: true },
    { name: 'FACEBOOK_CLIENT_ID', optional: true },
    { name: 'FACEBOOK_CLIENT_SECRET', optional: true },
  ],
  wallet: [
    { name: 'PAYMENT_PROVIDER' },
    { name: 'ALLOW_SANDBOX_PAYMENTS', optional: true },
    { name: 'SANDBOX_WEBHOOK_SECRET', optional: true },
    { name: 'PAYSTACK_SECRET_KEY', optional: true },
    { name: 'FLUTTERWAVE_SECRET_KEY', optional: true },
    { name: 'FLUTTERWAVE_WEBHOOK_HASH', optional: true },
  ],
  games: [
    { name: 'API_FOOTBALL_KEY', optional: true },
    { name: 'ALLSPORTS_API_KEY', optional: true },
  ],
  ai: [
    { name: 'AI_BASE_URL', optional: true },
    { name: 'AI_API_KEY', optional: true },
    { name: 'AI_MODEL', optional: true },
  ],
};
/** deployables that call outside providers over HTTPS (payments, sign-in, football data, models, mail) */
const CALLS_OUT = ['identity', 'wallet', 'games', 'ai'];

const secretEnv = (name: string, optional = false) => ({
  name,
  valueFrom: { secretKeyRef: { name: SECRET, key: name, ...(optional ? { optional: true } : {}) } },
});

/** Services being built while this list was written; they are in the manifests already. */
const ANNOUNCED = [
  { name: 'aviator', port: 4005 },
  { name: 'ai', port: 4006 },
  { name: 'admin', port: 4007 },
];

export function k8sDeployables() {
  const all = [...DEPLOYABLES.map(({ name, port }) => ({ name, port }))];
  for (const a of ANNOUNCED) if (!all.some((d) => d.name === a.name)) all.splice(all.length - 1, 0, a);
  return all;
}

const labels = (name: string) => ({
  'app.kubernetes.io/name': name,
  'app.kubernetes.io/part-of': PART_OF,
});

const probe = (path: string, periodSeconds: number, failureThreshold: number) => ({
  httpGet: { path, port: 'http' },
  periodSeconds,
  timeoutSeconds: 3,
  failureThreshold,
});

function deployment(name: string, port: number) {
  const isGateway = name === 'gateway';
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name, namespace: NAMESPACE, labels: labels(name) },
    spec: {
      // no `replicas`: the HorizontalPodAutoscaler owns the count (an apply would reset it)
      selector: { matchLabels: labels(name) },
      // a new pod takes traffic before an old one goes: no capacity lost during a rollout
      strategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: 1, maxUnavailable: 0 } },
      template: {
        metadata: {
          labels: labels(name),
          annotations: {
            'prometheus.io/scrape': 'true',
            // the gateway serves /metrics on its internal listener only (never the ingress's port)
            'prometheus.io/port': String(isGateway ? GATEWAY_METRICS_PORT : port),
            'prometheus.io/path': '/metrics',
          },
        },
        spec: {
          serviceAccountName: SERVICE_ACCOUNT,
          // nothing here talks to the Kubernetes API
          automountServiceAccountToken: false,
          // preStop 5 s, then the service's own drain (DRAIN_SECONDS) and close (~10 s)
          terminationGracePeriodSeconds: 30,
          securityContext: podSecurity,
          topologySpreadConstraints: [
            {
              maxSkew: 1,
              topologyKey: 'kubernetes.io/hostname',
              whenUnsatisfiable: 'ScheduleAnyway',
              labelSelector: { matchLabels: labels(name) },
            },
          ],
          containers: [
            {
              name,
              image: image(name),
              imagePullPolicy: 'IfNotPresent',
              ports: [
                { name: 'http', containerPort: port },
                ...(isGateway ? [{ name: 'metrics', containerPort: GATEWAY_METRICS_PORT }] : []),
              ],
              envFrom: [{ configMapRef: { name: CONFIG_MAP } }],
              env: [
                { name: 'PORT', value: String(port) },
                secretEnv('JWT_PUBLIC_KEY'),
                secretEnv('DATABASE_URL'),
                ...(SECRET_ENV[name] ?? []).map((e) => secretEnv(e.name, e.optional)),
                ...(isGateway
                  ? [
                      { name: 'METRICS_PORT', value: String(GATEWAY_METRICS_PORT) },
                      { name: 'TRUST_PROXY', value: '1' },
                      ...k8sDeployables()
                        .filter((d) => d.name !== 'gateway')
                        .map((d) => ({ name: upstreamEnv(d.name), value: `http://${d.name}:${d.port}` }))
                        .sort((a, b) => a.name.localeCompare(b.name)),
                    ]
                  : []),
              ],
              readinessProbe: probe('/readyz', 5, 3),
              livenessProbe: { ...probe('/healthz', 10, 6), initialDelaySeconds: 10 },
              startupProbe: probe('/healthz', 2, 60),
              // endpoints drop the pod before it stops listening; then the service drains
              // (readiness 503, DRAIN_SECONDS) before it closes
              lifecycle: { preStop: { sleep: { seconds: 5 } } },
              resources: {
                requests: { cpu: '100m', memory: '192Mi' },
                limits: { memory: '512Mi' },
              },
              securityContext: containerSecurity,
              volumeMounts: [
                { name: 'tmp', mountPath: '/tmp' },
                { name: 'data', mountPath: '/data' },
              ],
            },
          ],
          volumes: [
            { name: 'tmp', emptyDir: {} },
            { name: 'data', emptyDir: {} },
          ],
        },
      },
    },
  };
}

/** the platform reconciler's metrics port (infra/src/bin/reconcile-platform.ts --every) */
export const RECONCILER_PORT = 9465;

/**
 * The cross-service reconciliation on a schedule: the admin image's reconcile-platform.mjs,
 * one pod (no `replicas`: the default one; `Recreate` so a rollout never runs two), exporting
 * its findings on the `metrics` port for the reconciliation alerts. It only reads.
 */
function reconciler() {
  const name = 'reconciler';
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name, namespace: NAMESPACE, labels: labels(name) },
    spec: {
      selector: { matchLabels: labels(name) },
      strategy: { type: 'Recreate' },
      template: {
        metadata: {
          labels: labels(name),
          annotations: {
            'prometheus.io/scrape': 'true',
            'prometheus.io/port': String(RECONCILER_PORT),
            'prometheus.io/path': '/metrics',
          },
        },
        spec: {
          serviceAccountName: SERVICE_ACCOUNT,
          automountServiceAccountToken: false,
          securityContext: podSecurity,
          containers: [
            {
              name,
              image: image('admin'),
              imagePullPolicy: 'IfNotPresent',
              args: ['node', 'reconcile-platform.mjs', '--every', '15'],
              ports: [{ name: 'metrics', containerPort: RECONCILER_PORT }],
              envFrom: [{ configMapRef: { name: CONFIG_MAP } }],
              env: [{ name: 'PORT', value: String(RECONCILER_PORT) }, secretEnv('DATABASE_URL')],
              readinessProbe: { ...probe('/readyz', 10, 3), httpGet: { path: '/readyz', port: 'metrics' } },
              livenessProbe: { ...probe('/healthz', 30, 3), httpGet: { path: '/healthz', port: 'metrics' } },
              resources: { requests: { cpu: '20m', memory: '96Mi' }, limits: { memory: '256Mi' } },
              securityContext: containerSecurity,
              volumeMounts: [{ name: 'tmp', mountPath: '/tmp' }],
            },
          ],
          volumes: [{ name: 'tmp', emptyDir: {} }],
        },
      },
    },
  };
}

/** the image of a deployable; the overlays set its tag (kustomize `images:`) */
const image = (name: string) => `bet-platform/${name}:latest`;

const podSecurity = { runAsNonRoot: true, runAsUser: 1000, runAsGroup: 1000, fsGroup: 1000 };
const containerSecurity = {
  allowPrivilegeEscalation: false,
  readOnlyRootFilesystem: true,
  capabilities: { drop: ['ALL'] },
};

/** a release's migration step for one service: its own image, `node main.mjs migrate` */
function migrationJob(name: string) {
  const l = { ...labels(`${name}-migrate`), 'app.kubernetes.io/component': 'migrate' };
  return {
    apiVersion: 'batch/v1',
    kind: 'Job',
    metadata: { name: `${name}-migrate`, namespace: NAMESPACE, labels: l },
    spec: {
      backoffLimit: 3,
      // gone an hour after it finished, so the next release's apply creates it afresh
      ttlSecondsAfterFinished: 3600,
      template: {
        metadata: { labels: l },
        spec: {
          serviceAccountName: SERVICE_ACCOUNT,
          automountServiceAccountToken: false,
          restartPolicy: 'Never',
          securityContext: podSecurity,
          containers: [
            {
              name: 'migrate',
              image: image(name),
              imagePullPolicy: 'IfNotPresent',
              args: ['node', 'main.mjs', 'migrate'],
              env: [secretEnv('DATABASE_URL'), { name: 'LOG_LEVEL', value: 'info' }],
              resources: { requests: { cpu: '50m', memory: '128Mi' }, limits: { memory: '256Mi' } },
              securityContext: containerSecurity,
              volumeMounts: [{ name: 'tmp', mountPath: '/tmp' }],
            },
          ],
          volumes: [{ name: 'tmp', emptyDir: {} }],
        },
      },
    },
  };
}

function networkPolicies(deployables: Array<{ name: string; port: number }>) {
  const policy = (name: string, spec: object) => ({
    apiVersion: 'networking.k8s.io/v1',
    kind: 'NetworkPolicy',
    metadata: { name, namespace: NAMESPACE },
    spec,
  });
  const inNamespace = (ns: string) => ({
    namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': ns } },
  });
  const pods = (names: string[]) => ({
    matchExpressions: [{ key: 'app.kubernetes.io/name', operator: 'In', values: names }],
  });
  const services = deployables.filter((d) => d.name !== 'gateway');
  return [
    // nothing in or out unless a policy below allows it
    policy('default-deny', { podSelector: {}, policyTypes: ['Ingress', 'Egress'] }),
    policy('dns', {
      podSelector: {},
      policyTypes: ['Egress'],
      egress: [
        {
          to: [inNamespace('kube-system')],
          ports: [
            { protocol: 'UDP', port: 53 },
            { protocol: 'TCP', port: 53 },
          ],
        },
      ],
    }),
    // the Ingress controller reaches the gateway's http port, and nothing else
    policy('gateway-from-ingress', {
      podSelector: { matchLabels: { 'app.kubernetes.io/name': 'gateway' } },
      policyTypes: ['Ingress'],
      ingress: [{ from: [inNamespace(INGRESS_NAMESPACE)], ports: [{ protocol: 'TCP', port: 'http' }] }],
    }),
    policy('services-from-gateway', {
      podSelector: pods(services.map((d) => d.name)),
      policyTypes: ['Ingress'],
      ingress: [
        {
          from: [{ podSelector: { matchLabels: { 'app.kubernetes.io/name': 'gateway' } } }],
          ports: [{ protocol: 'TCP', port: 'http' }],
        },
      ],
    }),
    policy('gateway-to-services', {
      podSelector: { matchLabels: { 'app.kubernetes.io/name': 'gateway' } },
      policyTypes: ['Egress'],
      egress: [
        {
          to: [{ podSelector: pods(services.map((d) => d.name)) }],
          ports: services.map((d) => ({ protocol: 'TCP', port: d.port })),
        },
      ],
    }),
    policy('metrics-from-monitoring', {
      podSelector: {},
      policyTypes: ['Ingress'],
      ingress: [
        {
          from: [inNamespace(MONITORING_NAMESPACE)],
          ports: [
            { protocol: 'TCP', port: 'http' },
            { protocol: 'TCP', port: 'metrics' },
          ],
        },
      ],
    }),
    // every pod (the migration Jobs too) reaches Postgres, NATS and Redis
    policy('to-backing-services', {
      podSelector: {},
      policyTypes: ['Egress'],
      egress: [
        {
          to: [inNamespace(DEPS_NAMESPACE)],
          ports: [5432, 4222, 6379].map((port) => ({ protocol: 'TCP', port })),
        },
      ],
    }),
    // payment, sign-in, football-data and model providers, and mail
    policy('to-providers', {
      podSelector: pods(CALLS_OUT),
      policyTypes: ['Egress'],
      egress: [
        {
          to: [{ ipBlock: { cidr: '0.0.0.0/0', except: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16'] } }],
          ports: [443, 465, 587].map((port) => ({ protocol: 'TCP', port })),
        },
      ],
    }),
  ];
}

function service(name: string, port: number) {
  return {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: { name, namespace: NAMESPACE, labels: labels(name) },
    spec: {
      selector: labels(name),
      ports: [{ name: 'http', port, targetPort: 'http' }],
      // Socket.IO's long-polling must stay on one gateway pod
      ...(name === 'gateway' ? { sessionAffinity: 'ClientIP' } : {}),
    },
  };
}

function autoscaler(name: string) {
  return {
    apiVersion: 'autoscaling/v2',
    kind: 'HorizontalPodAutoscaler',
    metadata: { name, namespace: NAMESPACE, labels: labels(name) },
    spec: {
      scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name },
      minReplicas: 2,
      maxReplicas: 10,
      metrics: [
        {
          type: 'Resource',
          resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 70 } },
        },
      ],
      behavior: { scaleDown: { stabilizationWindowSeconds: 300 } },
    },
  };
}

function disruptionBudget(name: string) {
  return {
    apiVersion: 'policy/v1',
    kind: 'PodDisruptionBudget',
    metadata: { name, namespace: NAMESPACE, labels: labels(name) },
    spec: { minAvailable: 1, selector: { matchLabels: labels(name) } },
  };
}

/** file name → YAML documents */
export function renderManifests(): Record<string, object[]> {
  const files: Record<string, object[]> = {
    'namespace.yaml': [{ apiVersion: 'v1', kind: 'Namespace', metadata: { name: NAMESPACE } }],
    'config.yaml': [
      {
        apiVersion: 'v1',
        kind: 'ConfigMap',
        metadata: { name: CONFIG_MAP, namespace: NAMESPACE },
        data: {
          NODE_ENV: 'production',
          MODE: 'cluster',
          HOST: '0.0.0.0',
          LOG_LEVEL: 'info',
          // NATS, Postgres and Redis are dependencies the cluster provides (README, operators' section)
          NATS_URL: 'nats://nats.bet-platform-deps:4222',
          REDIS_URL: 'redis://redis-master.bet-platform-deps:6379',
          PUBLIC_URL: 'https://bets.example.com',
          // traces go nowhere unless an OTLP endpoint is named
          OTEL_EXPORTER_OTLP_ENDPOINT: '',
          // the migration Jobs run a release's migrations; replicas only check them
          MIGRATIONS: 'check',
          // after preStop, /readyz 503 while still serving, then close
          DRAIN_SECONDS: '5',
          // the deployment's one currency (USD or NGN): every service must read the same
          CURRENCY: 'USD',
        },
      },
    ],
    'ingress.yaml': [
      {
        apiVersion: 'networking.k8s.io/v1',
        kind: 'Ingress',
        metadata: {
          name: 'gateway',
          namespace: NAMESPACE,
          annotations: {
            // ingress-nginx: sticky sessions for Socket.IO, websockets kept open
            'nginx.ingress.kubernetes.io/affinity': 'cookie',
            'nginx.ingress.kubernetes.io/proxy-read-timeout': '3600',
          },
        },
        spec: {
          // the certificate (cert-manager or your own) in Secret bet-platform-tls
          tls: [{ hosts: ['bets.example.com'], secretName: TLS_SECRET }],
          rules: [
            {
              host: 'bets.example.com',
              http: {
                paths: [
                  {
                    path: '/',
                    pathType: 'Prefix',
                    // the gateway's http port only; its metrics port is not a backend here
                    backend: { service: { name: 'gateway', port: { name: 'http' } } },
                  },
                ],
              },
            },
          ],
        },
      },
    ],
  };
  files['serviceaccount.yaml'] = [
    {
      apiVersion: 'v1',
      kind: 'ServiceAccount',
      metadata: { name: SERVICE_ACCOUNT, namespace: NAMESPACE },
      automountServiceAccountToken: false,
    },
  ];
  files['networkpolicies.yaml'] = networkPolicies(k8sDeployables());
  files['reconciler.yaml'] = [reconciler()];
  for (const { name, port } of k8sDeployables()) {
    files[`${name}.yaml`] = [
      deployment(name, port),
      service(name, port),
      autoscaler(name),
      disruptionBudget(name),
    ];
  }
  return files;
}

/** the Secret's shape with placeholders (`npm run keys -- --k8s` writes a real one) */
export function secretExample() {
  const stringData: Record<string, string> = {
    DATABASE_URL: 'postgres://betting:CHANGE-ME@postgres-postgresql.bet-platform-deps:5432/betting',
    JWT_PUBLIC_KEY: '-----BEGIN PUBLIC KEY-----\\nCHANGE-ME (npm run keys)\\n-----END PUBLIC KEY-----',
  };
  for (const entries of Object.values(SECRET_ENV))
    for (const e of entries) stringData[e.name] = e.optional ? '' : 'CHANGE-ME (npm run keys -- --k8s)';
  stringData.JWT_PRIVATE_KEY =
    '-----BEGIN PRIVATE KEY-----\\nCHANGE-ME (npm run keys)\\n-----END PRIVATE KEY-----';
  stringData.ADMIN_EMAIL = 'admin@example.com';
  return [
    {
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: { name: SECRET, namespace: NAMESPACE },
      type: 'Opaque',
      stringData,
    },
  ];
}

const kustomize = (comment: string, body: object) =>
  `# ${comment}\n${stringify({ apiVersion: 'kustomize.config.k8s.io/v1beta1', kind: 'Kustomization', ...body }, { lineWidth: 0 })}`;

/** every file under infra/k8s, by path, as text */
export function renderTree(): Record<string, string> {
  const base = renderManifests();
  const tree: Record<string, string> = {};
  for (const [file, docs] of Object.entries(base)) tree[`base/${file}`] = renderFile(docs);
  tree['base/kustomization.yaml'] = kustomization(Object.keys(base));
  const names = k8sDeployables().map((d) => d.name);
  tree['base/migrate/jobs.yaml'] = renderFile(names.filter((n) => n !== 'gateway').map(migrationJob));
  tree['base/migrate/kustomization.yaml'] = kustomize(
    "a release's migrations: apply, wait for the Jobs, then apply the release (docs/operating.md)",
    { resources: ['jobs.yaml'] },
  );
  tree['secret.example.yaml'] = renderFile(secretExample());
  const images = (tag: string) => names.map((n) => ({ name: `bet-platform/${n}`, newTag: tag }));
  const overlays: Record<string, { tag: string; patches: object[]; comment: string }> = {
    dev: {
      tag: 'latest',
      comment: 'a development cluster: one replica may do, debug logs, plain http',
      patches: [
        {
          target: { kind: 'HorizontalPodAutoscaler' },
          patch: '- op: replace\n  path: /spec/minReplicas\n  value: 1\n',
        },
        {
          target: { kind: 'PodDisruptionBudget' },
          patch: '- op: replace\n  path: /spec/minAvailable\n  value: 0\n',
        },
        {
          target: { kind: 'ConfigMap', name: CONFIG_MAP },
          patch:
            '- op: replace\n  path: /data/LOG_LEVEL\n  value: debug\n- op: replace\n  path: /data/PUBLIC_URL\n  value: http://bets.localhost\n',
        },
        {
          target: { kind: 'Ingress', name: 'gateway' },
          patch:
            '- op: remove\n  path: /spec/tls\n- op: replace\n  path: /spec/rules/0/host\n  value: bets.localhost\n',
        },
      ],
    },
    production: {
      // `npm run images` tags <version>-<commit>; set yours: kustomize edit set image
      tag: '0.1.0-CHANGE-ME',
      comment: 'production: pin the release (kustomize edit set image), your host and certificate',
      patches: [],
    },
  };
  for (const [name, o] of Object.entries(overlays)) {
    tree[`overlays/${name}/kustomization.yaml`] = kustomize(
      `kubectl apply -k infra/k8s/overlays/${name}: ${o.comment}`,
      {
        resources: ['../../base'],
        images: images(o.tag),
        ...(o.patches.length ? { patches: o.patches } : {}),
      },
    );
    tree[`overlays/${name}/migrate/kustomization.yaml`] = kustomize(
      `kubectl apply -k infra/k8s/overlays/${name}/migrate (before the release: docs/operating.md)`,
      { resources: ['../../../base/migrate'], images: images(o.tag) },
    );
  }
  return tree;
}

export function renderFile(docs: object[]) {
  const header =
    '# Rendered by infra/src/k8s.ts from the deployables in infra/src/services.ts: edit there.\n';
  return header + docs.map((d) => stringify(d, { lineWidth: 0 })).join('---\n');
}

export function kustomization(files: string[]) {
  return `# the platform; an overlay (infra/k8s/overlays) applies it (create the Secret first: docs/operating.md)\napiVersion: kustomize.config.k8s.io/v1beta1\nkind: Kustomization\nresources:\n${files
    .sort()
    .map((f) => `  - ${f}`)
    .join('\n')}\n`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = resolve(REPO_ROOT, 'infra/k8s');
  rmSync(root, { recursive: true, force: true });
  const tree = renderTree();
  for (const [file, text] of Object.entries(tree)) {
    mkdirSync(dirname(resolve(root, file)), { recursive: true });
    writeFileSync(resolve(root, file), text);
  }
  console.log(`infra/k8s: ${Object.keys(tree).length} files`);
}
