import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ScaledObject } from '@kubernetes-models/keda/keda.sh/v1alpha1/ScaledObject';
import { Deployment, type IDeployment } from 'kubernetes-models/apps/v1/Deployment';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler';
import { ConfigMap, type IConfigMap } from 'kubernetes-models/v1/ConfigMap';
import { Service } from 'kubernetes-models/v1/Service';
import { parse, parseAllDocuments } from 'yaml';
import { describe, expect, it } from 'vitest';
import { loadConfig, SETTING_NAMES } from '../src/env';
import { ServerMetrics } from '../src/metrics';

const folder = join(import.meta.dirname, '../../../deploy/kubernetes');

// The ORM is read when scraped only.
const metrics = new ServerMetrics(null as never, { thumbnail: 0, art: 0, stitch: 0, preview: 0, sample: 0 });

/** The atelier_ series a PromQL text names that the server does not export (a histogram by its own name). */
const unknownSeries = (promql: string) =>
  [...promql.matchAll(/atelier_[a-z_]+/g)]
    .map(([series]) => series.replace(/_(bucket|count|sum)$/, ''))
    .filter((series) => !metrics.exports(series));

/** The kinds the example uses, each checked against its API schema (Kubernetes', KEDA's). */
const models = {
  'v1/ConfigMap': ConfigMap,
  'v1/Service': Service,
  'apps/v1/Deployment': Deployment,
  'autoscaling/v2/HorizontalPodAutoscaler': HorizontalPodAutoscaler,
  'keda.sh/v1alpha1/ScaledObject': ScaledObject,
} as const;

type Manifest = { apiVersion: string; kind: string; metadata: { name: string } } & Record<string, unknown>;

const manifests: Manifest[] = readdirSync(folder)
  .filter((file) => file.endsWith('.yaml'))
  .flatMap((file) => parseAllDocuments(readFileSync(join(folder, file), 'utf8')).map((doc) => doc.toJS() as Manifest));

const named = <T>(kind: string, name: string) =>
  manifests.find((m) => m.kind === kind && m.metadata.name === name) as unknown as T;

/** What a Deployment's one container is given: the ConfigMap, stand-ins for the Secret, then its own env. */
function podEnvironment(deployment: IDeployment): Record<string, string> {
  const container = deployment.spec!.template.spec!.containers[0]!;
  const config = named<IConfigMap>('ConfigMap', container.envFrom![0]!.configMapRef!.name!).data!;
  const secrets = {
    SESSION_SECRET: 'a-session-secret-that-is-long-enough-for-iron',
    DATABASE_URL: 'mysql://atelier:secret@mysql:3306/atelier',
    S3_ACCESS_KEY_ID: 'atelier',
    S3_SECRET_ACCESS_KEY: 'atelier-secret',
    METRICS_TOKEN: 'a-metrics-token-of-enough-length',
  };
  const own = Object.fromEntries((container.env ?? []).map((variable) => [variable.name, variable.value ?? '']));
  return { ...config, ...secrets, ...own };
}

describe('the Kubernetes example (deploy/kubernetes)', () => {
  it('is valid against the Kubernetes and KEDA API schemas', () => {
    expect(manifests.map((m) => m.kind).sort()).toEqual([
      'ConfigMap',
      'Deployment',
      'Deployment',
      'HorizontalPodAutoscaler',
      'ScaledObject',
      'Service',
      'Service',
    ]);
    for (const manifest of manifests) {
      const Model = models[`${manifest.apiVersion}/${manifest.kind}` as keyof typeof models];
      expect(Model, `${manifest.apiVersion} ${manifest.kind}`).toBeDefined();
      expect(() => new Model(manifest as never).validate(), manifest.metadata.name).not.toThrow();
    }
    // The schemas do bite: a port given as words is refused.
    const web = structuredClone(named<IDeployment>('Deployment', 'atelier-web'));
    (web.spec!.template.spec!.containers[0]!.ports![0] as { containerPort: unknown }).containerPort = 'trois mille';
    expect(() => new Deployment(web).validate()).toThrow(/containerPort/);
  });

  it('gives each role settings the server accepts, and probes the ports and paths it serves', () => {
    for (const [name, role] of [
      ['atelier-web', 'web'],
      ['atelier-worker', 'worker'],
    ] as const) {
      const deployment = named<IDeployment>('Deployment', name);
      const environment = podEnvironment(deployment);
      expect(Object.keys(environment).filter((setting) => !SETTING_NAMES.includes(setting))).toEqual([]);
      const { env } = loadConfig({ ...environment, DATA_DIR: '/tmp/atelier-kubernetes-check' });
      expect(env.ATELIER_ROLE).toBe(role);
      const pod = deployment.spec!.template.spec!;
      const container = pod.containers[0]!;
      const port = container.ports!.find((p) => p.name === container.livenessProbe!.httpGet!.port)!;
      expect(port.containerPort).toBe(role === 'worker' ? env.WORKER_PORT : env.PORT);
      expect([container.livenessProbe!.httpGet!.path, container.readinessProbe!.httpGet!.path]).toEqual([
        '/api/health',
        '/api/ready',
      ]);
      expect(container.readinessProbe!.httpGet!.port).toBe(port.name);
      // The kubelet's SIGKILL only after the grace, the hand-back (5 s) and closing Redis (1 s).
      expect(pod.terminationGracePeriodSeconds).toBeGreaterThan(env.SHUTDOWN_GRACE_SECONDS + 6);
    }
  });

  it('scales the workers on series the server exports', () => {
    const scaler = named<{ spec: { triggers: { metadata: { query: string } }[] } }>('ScaledObject', 'atelier-worker');
    const queries = scaler.spec.triggers.map((t) => t.metadata.query);
    expect(queries.join('\n')).toMatch(/atelier_generation_queue_depth/);
    expect(queries.flatMap(unknownSeries)).toEqual([]);
  });
});

describe('the Prometheus queries and alert rules of docs/operations.md', () => {
  const page = readFileSync(join(import.meta.dirname, '../../../docs/operations.md'), 'utf8');
  const section = page.slice(page.indexOf('## Metrics'), page.indexOf('## Faults'));
  const block = (language: string) =>
    new RegExp(`^\`\`\`${language}\n([\\s\\S]*?)^\`\`\`$`, 'm').exec(section)?.[1] ?? '';

  it('query series the server exports', () => {
    const queries = block('promql');
    for (const series of ['queue_depth', 'oldest_waiting_seconds', 'running_here', 'run_seconds_bucket', 'ended_total'])
      expect(queries).toContain(series);
    expect(unknownSeries(queries)).toEqual([]);
  });

  it('alert on a job waiting over a minute, on over 5 % of failures, on no worker and on an unreachable database, in rules Prometheus reads', () => {
    type Rule = { alert: string; expr: string; for: string; annotations: { summary: string } };
    const { groups } = parse(block('yaml')) as { groups: { name: string; rules: Rule[] }[] };
    const rules = groups.flatMap((group) => group.rules);
    expect(rules.map((rule) => [rule.alert, rule.expr.trim().split(/\s+/).slice(-2).join(' ')])).toEqual([
      ['GenerationQueueStuck', '> 60'],
      ['GenerationFailureRatioHigh', '> 0.05'],
      ['NoGenerationWorker', '== 0'],
      ['DatabaseUnreachable', '== 0'],
    ]);
    expect(rules[0]!.expr).toContain('atelier_generation_oldest_waiting_seconds');
    expect(rules[1]!.expr).toMatch(/atelier_generations_ended_total\{status="failed"\}/);
    expect(rules[2]!.expr).toContain('atelier_generation_workers_up');
    expect(rules[3]!.expr).toContain('atelier_database_up');
    for (const rule of rules)
      expect([rule.for, rule.annotations.summary]).toEqual([expect.stringMatching(/^\d+m$/), expect.any(String)]);
    expect(rules.map((rule) => rule.expr).flatMap(unknownSeries)).toEqual([]);
  });
});
