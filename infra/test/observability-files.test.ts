import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { gatewayConfig } from '@bet/gateway';
import { registry } from '@bet/kit';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { REPO_ROOT } from '../src/defaults';
import { DEPLOYABLES } from '../src/services';

// The operators' files under infra/observability: every metric they query is one our
// services export (a renamed metric would silently blind an alert), and Prometheus finds
// every deployable.
const dir = resolve(REPO_ROOT, 'infra/observability');
const alerts = parse(readFileSync(resolve(dir, 'alerts.yml'), 'utf8')) as {
  groups: Array<{
    name: string;
    rules: Array<{ alert: string; expr: string; labels: { severity: string } }>;
  }>;
};
const dashboard = JSON.parse(readFileSync(resolve(dir, 'grafana/dashboards/bet-platform.json'), 'utf8'));
const prometheus = parse(readFileSync(resolve(dir, 'prometheus.yml'), 'utf8'));

/** names our registry serves, histograms with their series suffixes */
function exportedNames() {
  const names = new Set<string>(['up']);
  for (const m of registry.getMetricsAsArray()) {
    names.add(m.name);
    for (const suffix of ['_bucket', '_sum', '_count']) names.add(m.name + suffix);
  }
  return names;
}

/** metric names in a PromQL expression: identifiers followed by { or [ or a space/paren, minus functions */
function metricsIn(expr: string) {
  const words = expr.match(/[a-z_][a-z0-9_]*(?=\s*[{[)]|\s*$|\s*[><=]|\s+(and|or|unless|by)\b)/g) ?? [];
  const keywords = new Set(['by', 'on', 'and', 'or', 'unless', 'without', 'le', 'service', 'consumer']);
  return words.filter((w) => (w === 'up' || /_/.test(w)) && !keywords.has(w));
}

describe('infra/observability', () => {
  const names = exportedNames();

  it('has alerts for the conditions that lose money, each on metrics we export', () => {
    const rules = alerts.groups.flatMap((g) => g.rules);
    expect(rules.map((r) => r.alert)).toEqual(
      expect.arrayContaining([
        'ConsumerLag',
        'DeadLetteredEvents',
        'ReconciliationDrift',
        'OutboxNotDraining',
      ]),
    );
    for (const r of rules) {
      expect(['page', 'ticket']).toContain(r.labels.severity);
      const used = metricsIn(r.expr);
      expect(used.length, `${r.alert}: no metric found in ${r.expr}`).toBeGreaterThan(0);
      for (const m of used) expect(names.has(m), `${r.alert} queries ${m}, which nothing exports`).toBe(true);
    }
  });

  it('has a dashboard whose every panel queries metrics we export', () => {
    expect(dashboard.uid).toBe('bet-platform');
    const exprs: string[] = dashboard.panels.flatMap((p: any) => p.targets.map((t: any) => t.expr));
    expect(exprs.length).toBeGreaterThan(10);
    for (const e of exprs) {
      for (const m of metricsIn(e)) {
        if (m.startsWith('nodejs_')) continue; // prom-client's default process metrics
        expect(names.has(m), `dashboard queries ${m}, which nothing exports`).toBe(true);
      }
    }
  });

  it('scrapes every deployable on its port (the gateway on its internal metrics listener)', () => {
    const sd = prometheus.scrape_configs[0].dns_sd_configs as Array<{ names: string[]; port: number }>;
    for (const d of DEPLOYABLES) {
      const port = d.name === 'gateway' ? Number(gatewayConfig.METRICS_PORT.default) : d.port;
      expect(sd.find((s) => s.names.includes(d.name))?.port, d.name).toBe(port);
    }
    expect(prometheus.rule_files).toContain('/etc/prometheus/alerts.yml');
  });
});
