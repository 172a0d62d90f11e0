/**
 * The Kubernetes manifests under infra/k8s, rendered from the list of deployables so a new
 * service gets its Deployment, Service, HorizontalPodAutoscaler and PodDisruptionBudget by
 * being registered in services.ts. `node --import tsx infra/src/k8s.ts` rewrites the files;
 * infra/test/k8s.test.ts checks they are current and valid against the Kubernetes schemas.
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { stringify } from 'yaml';
import { REPO_ROOT } from './defaults';
import { DEPLOYABLES, upstreamEnv } from './services';

export const NAMESPACE = 'bet-platform';
export const CONFIG_MAP = 'bet-platform-config';
/** the gateway's METRICS_PORT default: Prometheus scrapes it there */
export const GATEWAY_METRICS_PORT = 9464;
export const SECRET = 'bet-platform-secrets';
const PART_OF = 'bet-platform';

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
      replicas: 2,
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
          // the service's own SIGTERM handling finishes in-flight work within ~10 s
          terminationGracePeriodSeconds: 30,
          securityContext: { runAsNonRoot: true, runAsUser: 1000, runAsGroup: 1000, fsGroup: 1000 },
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
              image: `bet-platform/${name}:latest`,
              imagePullPolicy: 'IfNotPresent',
              ports: [
                { name: 'http', containerPort: port },
                ...(isGateway ? [{ name: 'metrics', containerPort: GATEWAY_METRICS_PORT }] : []),
              ],
              envFrom: [{ configMapRef: { name: CONFIG_MAP } }],
              env: [
                { name: 'PORT', value: String(port) },
                {
                  name: 'JWT_PUBLIC_KEY',
                  valueFrom: { secretKeyRef: { name: SECRET, key: 'JWT_PUBLIC_KEY' } },
                },
                { name: 'DATABASE_URL', valueFrom: { secretKeyRef: { name: SECRET, key: 'DATABASE_URL' } } },
                ...(name === 'identity'
                  ? [
                      {
                        name: 'JWT_PRIVATE_KEY',
                        valueFrom: { secretKeyRef: { name: SECRET, key: 'JWT_PRIVATE_KEY' } },
                      },
                    ]
                  : []),
                ...(isGateway
                  ? [
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
              // endpoints drop the pod before it stops listening
              lifecycle: { preStop: { sleep: { seconds: 5 } } },
              resources: {
                requests: { cpu: '100m', memory: '192Mi' },
                limits: { memory: '512Mi' },
              },
              securityContext: {
                allowPrivilegeEscalation: false,
                readOnlyRootFilesystem: true,
                capabilities: { drop: ['ALL'] },
              },
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
        },
      },
    ],
    'secret.example.yaml': [
      {
        apiVersion: 'v1',
        kind: 'Secret',
        metadata: { name: SECRET, namespace: NAMESPACE },
        type: 'Opaque',
        stringData: {
          DATABASE_URL: 'postgres://betting:CHANGE-ME@postgres-postgresql.bet-platform-deps:5432/betting',
          JWT_PUBLIC_KEY: '-----BEGIN PUBLIC KEY-----\\nCHANGE-ME (npm run keys)\\n-----END PUBLIC KEY-----',
          JWT_PRIVATE_KEY:
            '-----BEGIN PRIVATE KEY-----\\nCHANGE-ME (npm run keys)\\n-----END PRIVATE KEY-----',
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
          rules: [
            {
              host: 'bets.example.com',
              http: {
                paths: [
                  {
                    path: '/',
                    pathType: 'Prefix',
                    backend: { service: { name: 'gateway', port: { number: 8080 } } },
                  },
                ],
              },
            },
          ],
        },
      },
    ],
  };
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

export function renderFile(docs: object[]) {
  const header =
    '# Rendered by infra/src/k8s.ts from the deployables in infra/src/services.ts: edit there.\n';
  return header + docs.map((d) => stringify(d, { lineWidth: 0 })).join('---\n');
}

export function kustomization(files: string[]) {
  return `# kubectl apply -k infra/k8s (create the Secret first: README, operators' section)\napiVersion: kustomize.config.k8s.io/v1beta1\nkind: Kustomization\nresources:\n${files
    .filter((f) => f !== 'secret.example.yaml')
    .sort()
    .map((f) => `  - ${f}`)
    .join('\n')}\n`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const files = renderManifests();
  for (const [file, docs] of Object.entries(files))
    writeFileSync(resolve(REPO_ROOT, 'infra/k8s', file), renderFile(docs));
  writeFileSync(resolve(REPO_ROOT, 'infra/k8s/kustomization.yaml'), kustomization(Object.keys(files)));
  console.log(`infra/k8s: ${Object.keys(files).length} files`);
}
