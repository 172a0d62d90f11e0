import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Deployment } from 'kubernetes-models/apps/v1/Deployment';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler';
import { Ingress } from 'kubernetes-models/networking.k8s.io/v1/Ingress';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1/PodDisruptionBudget';
import { ConfigMap } from 'kubernetes-models/v1/ConfigMap';
import { Namespace } from 'kubernetes-models/v1/Namespace';
import { Secret } from 'kubernetes-models/v1/Secret';
import { Service } from 'kubernetes-models/v1/Service';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { REPO_ROOT } from '../src/defaults';
import { k8sDeployables, kustomization, renderFile, renderManifests } from '../src/k8s';
import { DEPLOYABLES } from '../src/services';

// infra/k8s linted offline: every document validated against the Kubernetes OpenAPI schemas
// shipped in the kubernetes-models package, plus what running this platform needs.
const dir = resolve(REPO_ROOT, 'infra/k8s');
const files = readdirSync(dir).filter((f) => f.endsWith('.yaml') && f !== 'kustomization.yaml');
const docs = files.flatMap((f) =>
  parseAllDocuments(readFileSync(resolve(dir, f), 'utf8')).map((d) => ({ file: f, doc: d.toJS() as any })),
);

/** the kubernetes-models class of each apiVersion/kind used here; anything else fails the lint */
const MODELS: Record<string, new (data: any) => { validate(): void }> = {
  'apps/v1/Deployment': Deployment,
  'autoscaling/v2/HorizontalPodAutoscaler': HorizontalPodAutoscaler,
  'networking.k8s.io/v1/Ingress': Ingress,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
  'v1/ConfigMap': ConfigMap,
  'v1/Namespace': Namespace,
  'v1/Secret': Secret,
  'v1/Service': Service,
};

const of = (kind: string, name: string) =>
  docs.find((d) => d.doc.kind === kind && d.doc.metadata.name === name)?.doc;

describe('Kubernetes manifests (infra/k8s)', () => {
  it('are what infra/src/k8s.ts renders from the list of deployables', () => {
    const rendered = renderManifests();
    for (const [file, content] of Object.entries(rendered)) {
      expect(
        readFileSync(resolve(dir, file), 'utf8'),
        `${file}: run node --import tsx infra/src/k8s.ts`,
      ).toBe(renderFile(content));
    }
    expect(readFileSync(resolve(dir, 'kustomization.yaml'), 'utf8')).toBe(
      kustomization(Object.keys(rendered)),
    );
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
      expect(c.image).toBe(`bet-platform/${name}:latest`);
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
