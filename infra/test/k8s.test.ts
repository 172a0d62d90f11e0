import { execFileSync, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Deployment } from 'kubernetes-models/apps/v1/Deployment';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler';
import { Job } from 'kubernetes-models/batch/v1/Job';
import { Ingress } from 'kubernetes-models/networking.k8s.io/v1/Ingress';
import { NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicy';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1/PodDisruptionBudget';
import { ConfigMap } from 'kubernetes-models/v1/ConfigMap';
import { Namespace } from 'kubernetes-models/v1/Namespace';
import { Secret } from 'kubernetes-models/v1/Secret';
import { Service } from 'kubernetes-models/v1/Service';
import { ServiceAccount } from 'kubernetes-models/v1/ServiceAccount';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { REPO_ROOT } from '../src/defaults';
import { k8sDeployables, renderTree, SECRET_ENV } from '../src/k8s';
import { DEPLOYABLES } from '../src/services';

// infra/k8s linted offline: every document validated against the Kubernetes OpenAPI schemas
// shipped in the kubernetes-models package, plus what running this platform needs.
const dir = resolve(REPO_ROOT, 'infra/k8s');
const files = (readdirSync(dir, { recursive: true }) as string[]).filter(
  (f) => f.endsWith('.yaml') && !f.endsWith('kustomization.yaml'),
);
const docs = files.flatMap((f) =>
  parseAllDocuments(readFileSync(resolve(dir, f), 'utf8')).map((d) => ({ file: f, doc: d.toJS() as any })),
);
const hasKubectl = spawnSync('kubectl', ['version', '--client'], { stdio: 'ignore' }).status === 0;

/** the kubernetes-models class of each apiVersion/kind used here; anything else fails the lint */
const MODELS: Record<string, new (data: any) => { validate(): void }> = {
  'apps/v1/Deployment': Deployment,
  'autoscaling/v2/HorizontalPodAutoscaler': HorizontalPodAutoscaler,
  'batch/v1/Job': Job,
  'networking.k8s.io/v1/Ingress': Ingress,
  'networking.k8s.io/v1/NetworkPolicy': NetworkPolicy,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
  'v1/ConfigMap': ConfigMap,
  'v1/Namespace': Namespace,
  'v1/Secret': Secret,
  'v1/Service': Service,
  'v1/ServiceAccount': ServiceAccount,
};

const of = (kind: string, name: string) =>
  docs.find((d) => d.doc.kind === kind && d.doc.metadata.name === name)?.doc;

describe('Kubernetes manifests (infra/k8s)', () => {
  it('are what infra/src/k8s.ts renders from the list of deployables', () => {
    const tree = renderTree();
    const onDisk = (readdirSync(dir, { recursive: true }) as string[]).filter((f) => f.endsWith('.yaml'));
    expect(onDisk.sort()).toEqual(Object.keys(tree).sort());
    for (const [file, text] of Object.entries(tree))
      expect(
        readFileSync(resolve(dir, file), 'utf8'),
        `${file}: run node --import tsx infra/src/k8s.ts`,
      ).toBe(text);
  });

  it.skipIf(!hasKubectl)(
    'render in both overlays, each with its image tags, valid, no replica counts',
    () => {
      for (const overlay of ['dev', 'production']) {
        for (const part of ['', '/migrate']) {
          const out = execFileSync('kubectl', ['kustomize', resolve(dir, `overlays/${overlay}${part}`)], {
            encoding: 'utf8',
          });
          const rendered = parseAllDocuments(out).map((d) => d.toJS() as any);
          expect(rendered.length).toBeGreaterThan(part ? 5 : 40);
          for (const doc of rendered) {
            const Model = MODELS[`${doc.apiVersion}/${doc.kind}`];
            expect(Model, `${overlay}${part}: ${doc.kind}`).toBeDefined();
            expect(
              () => new Model(doc).validate(),
              `${overlay}${part}: ${doc.kind} ${doc.metadata.name}`,
            ).not.toThrow();
            const pod = doc.spec?.template?.spec;
            if (pod) {
              // production pins a release (<version>-<commit>), never :latest
              expect(pod.containers[0].image).toMatch(
                overlay === 'production' ? /:\d+\.\d+\.\d+-/ : /:latest$/,
              );
              expect(pod.automountServiceAccountToken).toBe(false);
            }
            if (doc.kind === 'Deployment') expect(doc.spec.replicas, doc.metadata.name).toBeUndefined();
          }
          if (overlay === 'dev' && !part)
            expect(rendered.find((d) => d.kind === 'HorizontalPodAutoscaler').spec.minReplicas).toBe(1);
        }
      }
    },
  );

  it('keep the gateway alone behind the Ingress, with TLS, and its metrics off it', () => {
    const ingress = of('Ingress', 'gateway');
    expect(ingress.spec.tls[0].secretName).toBeTruthy();
    const backends = ingress.spec.rules.flatMap((r: any) => r.http.paths.map((p: any) => p.backend.service));
    expect(backends).toEqual([{ name: 'gateway', port: { name: 'http' } }]);
    const gw = of('Deployment', 'gateway').spec.template.spec.containers[0];
    expect(gw.ports.map((p: any) => p.name)).toEqual(['http', 'metrics']);
    expect(gw.env.find((e: any) => e.name === 'METRICS_PORT').value).toBe(
      String(gw.ports.find((p: any) => p.name === 'metrics').containerPort),
    );
    const policies = docs.filter((d) => d.doc.kind === 'NetworkPolicy').map((d) => d.doc);
    expect(policies.find((p) => p.metadata.name === 'default-deny').spec.policyTypes).toEqual([
      'Ingress',
      'Egress',
    ]);
    const fromIngress = policies.filter((p) =>
      JSON.stringify(p.spec.ingress ?? []).includes('ingress-nginx'),
    );
    expect(fromIngress.map((p) => p.spec.podSelector)).toEqual([
      { matchLabels: { 'app.kubernetes.io/name': 'gateway' } },
    ]);
    expect(of('ServiceAccount', 'bet-platform').automountServiceAccountToken).toBe(false);
  });

  it('run the platform reconciliation on a schedule in one pod that Prometheus scrapes', () => {
    const r = of('Deployment', 'reconciler');
    expect(r.spec.strategy.type).toBe('Recreate');
    const c = r.spec.template.spec.containers[0];
    expect(c.image).toMatch(/^bet-platform\/admin:/);
    expect(c.args.slice(0, 3)).toEqual(['node', 'reconcile-platform.mjs', '--every']);
    const port = c.ports.find((p: any) => p.name === 'metrics').containerPort;
    expect(r.spec.template.metadata.annotations['prometheus.io/port']).toBe(String(port));
    expect(c.env.find((e: any) => e.name === 'PORT').value).toBe(String(port));
  });

  it('have a migration Job per service, and a Secret example with every key the pods read', () => {
    for (const { name } of k8sDeployables().filter((d) => d.name !== 'gateway')) {
      const job = of('Job', `${name}-migrate`);
      expect(job.spec.template.spec.containers[0].args).toEqual(['node', 'main.mjs', 'migrate']);
    }
    const example = of('Secret', 'bet-platform-secrets').stringData;
    const read = new Set(
      docs
        .flatMap((d) => d.doc.spec?.template?.spec?.containers ?? [])
        .flatMap((c: any) => c.env ?? [])
        .filter((e: any) => e.valueFrom?.secretKeyRef)
        .map((e: any) => e.valueFrom.secretKeyRef.key),
    );
    for (const key of read) expect(Object.keys(example), key).toContain(key);
    expect(of('ConfigMap', 'bet-platform-config').data.MIGRATIONS).toBe('check');
    expect(SECRET_ENV.wallet.find((e) => e.name === 'PAYMENT_PROVIDER')?.optional).toBeFalsy();
  });

  it('validate against the Kubernetes schemas, and the validator refuses a broken one', () => {
    expect(docs.length).toBeGreaterThan(20);
    for (const { file, doc } of docs) {
      const Model = MODELS[`${doc.apiVersion}/${doc.kind}`];
      expect(Model, `${file}: no schema for ${doc.apiVersion} ${doc.kind}`).toBeDefined();
      expect(() => new Model(doc).validate(), `${file}: ${doc.kind} ${doc.metadata?.name}`).not.toThrow();
    }
    const broken = structuredClone(of('Deployment', 'wallet'));
    broken.spec.template.spec.containers[0].readinessProbe.httpGet.port = { not: 'a port' };
    expect(() => new Deployment(broken).validate()).toThrow();
  });

  it.each(DEPLOYABLES.map((d) => d.name))(
    '%s: probes, autoscaler, disruption budget, config and secret',
    (name) => {
      const port = k8sDeployables().find((d) => d.name === name)?.port;
      const dep = of('Deployment', name);
      expect(dep, `infra/k8s/${name}.yaml is missing: run node --import tsx infra/src/k8s.ts`).toBeDefined();
      const c = dep.spec.template.spec.containers[0];
      expect(c.image).toMatch(new RegExp(`^bet-platform/${name}:`));
      expect(c.ports[0].containerPort).toBe(port);
      expect(c.readinessProbe.httpGet.path).toBe('/readyz');
      expect(c.livenessProbe.httpGet.path).toBe('/healthz');
      expect(dep.spec.template.spec.securityContext.runAsNonRoot).toBe(true);
      expect(c.envFrom[0].configMapRef.name).toBe(of('ConfigMap', 'bet-platform-config').metadata.name);
      const secretKeys = c.env.filter((e: any) => e.valueFrom?.secretKeyRef).map((e: any) => e.name);
      expect(secretKeys).toEqual(
        expect.arrayContaining([
          'JWT_PUBLIC_KEY',
          'DATABASE_URL',
          ...(name === 'identity' ? ['JWT_PRIVATE_KEY'] : []),
        ]),
      );
      if (name !== 'identity') expect(secretKeys).not.toContain('JWT_PRIVATE_KEY');
      const hpa = of('HorizontalPodAutoscaler', name);
      expect(hpa.spec.scaleTargetRef).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', name });
      expect(hpa.spec.minReplicas).toBeGreaterThanOrEqual(2);
      const pdb = of('PodDisruptionBudget', name);
      expect(pdb.spec.selector.matchLabels).toEqual(dep.spec.selector.matchLabels);
      expect(of('Service', name).spec.selector).toEqual(dep.spec.selector.matchLabels);
    },
  );
});
