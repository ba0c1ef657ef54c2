// The deployment description against the code it deploys (issue 21, "Images and compose"), without a
// Docker engine. The files are rendered from the roster (test/generated-files.test.ts keeps them
// current), so what is checked here is what rendering cannot promise: docker-compose.yml gives each
// process exactly the environment its configuration schema requires and knows (ZPlatformConfig, the
// service's own schema, the gateway's), never the PostgreSQL superuser; every container has a restart
// policy, a healthcheck (on /readyz for our processes) and a stop grace period over the drain;
// .env.example names what compose reads; the images run as a non-root user and install their own
// workspace only; .dockerignore lets through what the Dockerfile copies.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import type { z } from 'zod';
import { loadConfig, ZPlatformConfig } from '@civic/service-kit';
import { ZGatewayConfig } from '../gateway/src/config.ts';
import { MICRO_FRONTENDS } from '../gateway/src/plugins/frontends.ts';
import { remoteUrlsFromEnv } from '../gateway/src/remote-url-config.ts';
import { ROUTE_TABLE } from '../gateway/src/route-table.ts';
import { distributedUpstreams } from '../gateway/src/upstreams.ts';
import { credentialKeys } from '../infra/network-credentials.ts';
import { databaseRolesFor } from '../infra/postgres-roles.ts';
import { SERVICE_PROCESSES } from '../infra/services.ts';
import { COMPOSE_REFERENCE as REFERENCE, envExample, filledEnvironment, interpolate } from './support/compose-environment.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
const SERVICES = SERVICE_PROCESSES.map((s) => s.name);

const EXAMPLE = envExample();
const FILLED = filledEnvironment();

const COMPOSE_TEXT = read('docker-compose.yml');
interface ComposeService {
  build?: { context: string; target: string; args?: Record<string, string> };
  image?: string;
  command?: string[];
  restart?: string;
  stop_grace_period?: string;
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test?: string[]; disable?: boolean };
  environment?: Record<string, string | number | boolean | null>;
}
const COMPOSE = parse(interpolate(COMPOSE_TEXT, FILLED), { merge: true }) as { services: Record<string, ComposeService> };

function environmentOf(name: string): NodeJS.ProcessEnv {
  const service = COMPOSE.services[name];
  assert.ok(service, `docker-compose.yml has a service ${name}`);
  return Object.fromEntries(Object.entries(service.environment ?? {}).map(([key, value]) => [key, value === null ? '' : String(value)]));
}

// ---- what each process's configuration requires and knows

/** The variables a schema reads: the keys of its object (through refinements, pipes and transforms). */
function keysOf(schema: z.ZodType): string[] {
  const node = schema as unknown as { shape?: Record<string, unknown>; def?: { in?: z.ZodType } };
  if (node.shape) return Object.keys(node.shape);
  if (node.def?.in) return keysOf(node.def.in);
  throw new Error('not an object schema');
}

/** Read from the environment outside the schemas (checked to still be read where named). */
const READ_DIRECTLY = [{ name: 'OTEL_SERVICE_NAME', file: 'services/kit/src/telemetry.ts' }];

/** A service's own schema (services/<name>/src/config.ts, a Z...Config export), if it has one. */
async function ownSchemaOf(service: string): Promise<z.ZodType | undefined> {
  const path = join(ROOT, 'services', service, 'src', 'config.ts');
  if (!existsSync(path)) return undefined;
  const exports = (await import(path)) as Record<string, unknown>;
  const schemas = Object.entries(exports).filter(([name]) => /^Z\w+Config$/.test(name));
  assert.equal(schemas.length, 1, `${path} exports one Z...Config schema`);
  return schemas[0]![1] as z.ZodType;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'generated' ? [] : sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** Secrets a service loads with loadNamedSecret: required when distributed (services/kit/src/secrets.ts). */
function namedSecretsOf(service: string): string[] {
  const names = sourceFiles(join(ROOT, 'services', service, 'src')).flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(/loadNamedSecret\([^,]+,\s*'([A-Z][A-Z0-9_]*)'/g)].map((m) => m[1]!),
  );
  return [...new Set(names)];
}

/** What is wrong with `env` for the service `name`: missing or invalid variables, unknown ones. */
async function serviceProblems(name: string, env: NodeJS.ProcessEnv): Promise<string[]> {
  const problems: string[] = [];
  const own = await ownSchemaOf(name);
  const known = new Set([...keysOf(ZPlatformConfig), ...(own ? keysOf(own) : []), ...READ_DIRECTLY.map((v) => v.name)]);
  for (const schema of [ZPlatformConfig, ...(own ? [own] : [])]) {
    try {
      loadConfig(schema, env);
    } catch (error) {
      problems.push((error as Error).message);
    }
  }
  for (const secret of namedSecretsOf(name)) if (!env[secret]) problems.push(`${secret}: required when distributed (loadNamedSecret)`);
  for (const key of Object.keys(env)) if (!known.has(key)) problems.push(`${key}: read by no schema of ${name}`);
  return problems;
}

function gatewayProblems(env: NodeJS.ProcessEnv): string[] {
  const problems: string[] = [];
  const known = new Set([...keysOf(ZPlatformConfig), ...keysOf(ZGatewayConfig), ...READ_DIRECTLY.map((v) => v.name)]);
  const steps = [
    () => loadConfig(ZPlatformConfig, env),
    () => loadConfig(ZGatewayConfig, env),
    () => distributedUpstreams(env, { table: ROUTE_TABLE, built: SERVICES, only: loadConfig(ZGatewayConfig, env).GATEWAY_SERVICES }),
    () => remoteUrlsFromEnv(env, MICRO_FRONTENDS),
  ];
  for (const step of steps) {
    try {
      step();
    } catch (error) {
      problems.push((error as Error).message);
    }
  }
  for (const key of Object.keys(env)) {
    if (!known.has(key) && !/^(SERVICE_URL|REMOTE_URL)_[A-Z]+$/.test(key)) problems.push(`${key}: read by no schema of the gateway`);
  }
  return problems;
}

const username = (url: string | undefined) => (url ? decodeURIComponent(new URL(url).username) : '');

/** Docker durations as compose writes them: 1m30s, 15s, 500ms. */
function seconds(duration: string): number {
  const parts = [...duration.matchAll(/(\d+(?:\.\d+)?)(ms|s|m|h)/g)];
  assert.ok(parts.length > 0 && parts.map((p) => p[0]).join('') === duration, `a duration: ${duration}`);
  const unit = { ms: 0.001, s: 1, m: 60, h: 3600 } as const;
  return parts.reduce((sum, part) => sum + Number(part[1]) * unit[part[2] as keyof typeof unit], 0);
}

/** close-with-grace's delay in a process entry: how long the drain may take before the process ends. */
function drainSeconds(entry: string): number {
  const match = /closeWithGrace\(\{\s*delay:\s*([\d_]+)\s*\}/.exec(read(entry));
  assert.ok(match, `${entry} closes with close-with-grace and a delay`);
  return Number(match[1]!.replaceAll('_', '')) / 1000;
}

describe('docker-compose.yml', () => {
  const servers = [...SERVICES, 'gateway'];

  test('every service gets what its configuration schema requires, and nothing it does not read', async () => {
    const problems: string[] = [];
    for (const name of SERVICES) for (const problem of await serviceProblems(name, environmentOf(name))) problems.push(`${name}: ${problem}`);
    for (const problem of gatewayProblems(environmentOf('gateway'))) problems.push(`gateway: ${problem}`);
    assert.deepEqual(problems, []);
  });

  test('the check finds a missing, an unpaired and an unknown variable', async () => {
    const { DATABASE_URL: _url, NATS_PASSWORD: _password, ...auth } = environmentOf('auth');
    const problems = (await serviceProblems('auth', { ...auth, AUTH_CODE_KEY: '', DATABASE_POOL: '5' })).join('\n');
    for (const expected of ['DATABASE_URL', 'NATS_PASSWORD', 'AUTH_CODE_KEY', 'DATABASE_POOL: read by no schema']) assert.match(problems, new RegExp(expected));
    const { SERVICE_URL_LEDGER: _ledger, ...gateway } = environmentOf('gateway');
    const gatewayText = gatewayProblems({ ...gateway, SERVICE_URL_LEDGERS: 'http://ledger:3103', RATE_LIMITS: '1' }).join('\n');
    for (const expected of ['SERVICE_URL_LEDGER: required', 'SERVICE_URL_LEDGERS: no service', 'RATE_LIMITS: read by no schema'])
      assert.match(gatewayText, new RegExp(expected));
  });

  test('each process is its own user on PostgreSQL, NATS and Redis; no service is the superuser', () => {
    const superuser = String(COMPOSE.services.postgres?.environment?.POSTGRES_USER);
    assert.ok(superuser);
    for (const name of SERVICES) {
      const env = environmentOf(name);
      const roles = databaseRolesFor(env.DATABASE_PREFIX ?? 'civic_', name);
      assert.equal(username(env.DATABASE_URL), roles.runtime, `${name} DATABASE_URL`);
      assert.equal(username(env.DATABASE_OWNER_URL), roles.owner, `${name} DATABASE_OWNER_URL`);
      assert.notEqual(username(env.DATABASE_URL), superuser);
      assert.notEqual(username(env.DATABASE_OWNER_URL), superuser);
      assert.equal(env.NATS_USER, name, `${name} NATS_USER`);
      assert.equal(username(env.REDIS_URL), name, `${name} REDIS_URL`);
    }
    const gateway = environmentOf('gateway');
    assert.equal(username(gateway.DATABASE_URL), '', 'the gateway opens no database and names no role');
    assert.equal(gateway.NATS_USER, 'gateway');
    assert.equal(username(gateway.REDIS_URL), 'gateway');
  });

  test('every container restarts by policy, has a healthcheck and a stop grace period; ours probe /readyz and outlast the drain', () => {
    const services = COMPOSE.services;
    const jobs = new Set(
      Object.values(services).flatMap((s) =>
        Object.entries(s.depends_on ?? {})
          .filter(([, d]) => d.condition === 'service_completed_successfully')
          .map(([name]) => name),
      ),
    );
    const drain = Math.max(drainSeconds('services/kit/src/service-main.ts'), drainSeconds('gateway/src/server.ts'));
    for (const [name, service] of Object.entries(services)) {
      assert.ok(service.stop_grace_period, `${name}: stop_grace_period`);
      if (jobs.has(name)) {
        assert.equal(service.restart, 'no', `${name} is a job the others wait for: never restarted`);
        continue;
      }
      assert.ok(['always', 'unless-stopped'].includes(service.restart ?? ''), `${name}: restart policy (${service.restart})`);
      assert.ok(service.healthcheck?.test && !service.healthcheck.disable, `${name}: healthcheck`);
      if (servers.includes(name)) {
        assert.match((service.healthcheck?.test ?? []).join(' '), /\/readyz/, `${name} probes /readyz`);
        const grace = seconds(service.stop_grace_period);
        assert.ok(grace > drain && grace <= drain + 30, `${name}: stop_grace_period ${grace} s for a drain of ${drain} s`);
      }
    }
    for (const name of ['postgres', 'nats', 'redis', ...servers]) assert.ok(services[name], `docker-compose.yml has ${name}`);
  });

  test('.env.example names exactly the variables compose reads, the passwords included, with no value for a secret', () => {
    const referenced = new Set([...COMPOSE_TEXT.matchAll(REFERENCE)].map((m) => m[1]!));
    assert.deepEqual([...EXAMPLE.keys()].sort(), [...referenced].sort());
    for (const key of credentialKeys()) assert.equal(EXAMPLE.get(key), '', `${key} is listed, empty`);
    for (const key of ['POSTGRES_PASSWORD', 'IDENTITY_SIGNING_KEY', 'IDENTITY_PUBLIC_KEY', 'CSRF_SECRET', 'AUTH_CODE_KEY', 'NOTIFICATIONS_LINK_KEY'])
      assert.equal(EXAMPLE.get(key), '', `${key} is listed, empty`);
    // Without a value compose stops: a secret is never defaulted.
    for (const key of [
      ...credentialKeys(),
      'POSTGRES_PASSWORD',
      'IDENTITY_SIGNING_KEY',
      'IDENTITY_PUBLIC_KEY',
      'CSRF_SECRET',
      'AUTH_CODE_KEY',
      'NOTIFICATIONS_LINK_KEY',
    ]) {
      assert.throws(() => interpolate(COMPOSE_TEXT, new Map([...FILLED].filter(([k]) => k !== key))), new RegExp(key));
    }
  });

  test('SECURITY 33: the gateway alone gets the private identity keys; every service only the public ones', () => {
    for (const name of SERVICES) {
      assert.equal(environmentOf(name).IDENTITY_SIGNING_KEY, undefined, `${name} holds no signing key`);
      assert.ok(environmentOf(name).IDENTITY_PUBLIC_KEY, `${name} checks with the public keys`);
    }
    assert.ok(environmentOf('gateway').IDENTITY_SIGNING_KEY, 'the gateway signs');
  });

  test('the variables read outside the schemas are still read there', () => {
    for (const { name, file } of READ_DIRECTLY) assert.match(read(file), new RegExp(`\\b${name}\\b`), `${file} reads ${name}`);
  });
});

// ---- the Dockerfile

interface Stage {
  name: string;
  from: string;
  body: string;
}
const DOCKERFILE = read('Dockerfile');
const STAGES: Stage[] = [...DOCKERFILE.matchAll(/^FROM (\S+) AS ([\w-]+)\n([\s\S]*?)(?=^FROM |(?![\s\S]))/gm)].map((m) => ({
  from: m[1]!,
  name: m[2]!,
  body: m[3]!,
}));
const stage = (name: string) => {
  const found = STAGES.find((s) => s.name === name);
  assert.ok(found, `the Dockerfile has a stage ${name}`);
  return found;
};

describe('Dockerfile', () => {
  test('the servers run as a non-root user, and the runtime image carries the version label', () => {
    assert.match(stage('runtime').body, /^USER node$/m);
    assert.match(stage('runtime').body, /^ARG VERSION/m);
    assert.match(stage('runtime').body, /org\.opencontainers\.image\.version="\$\{VERSION\}"/);
    for (const s of STAGES) assert.doesNotMatch(s.body, /^USER root/m, `${s.name} runs as root`);
    for (const name of [...SERVICES, 'gateway', 'setup']) assert.equal(stage(name).from, 'runtime', `${name} starts from runtime`);
    assert.equal(stage('frontends').from, 'scratch', 'the front-end bundle holds the built files alone');
    assert.match(stage('gateway').body, /^COPY --from=frontends \/frontends frontends$/m);
  });

  test("the collector's image adds a static probe tool to the official image, and compose probes its health_check extension", () => {
    const collector = stage('otel-collector');
    assert.match(collector.from, /^otel\/opentelemetry-collector-contrib:\d+\.\d+\.\d+$/, 'a pinned official image');
    assert.doesNotMatch(COMPOSE_TEXT, /image: otel\//, 'compose builds the target instead of pulling the official image');
    assert.match(stage('probe-tool').from, /^busybox:[\d.]+-musl$/, 'a static busybox (the musl variant)');
    assert.match(collector.body, /^COPY --from=probe-tool \/bin\/busybox \/usr\/local\/bin\/busybox$/m);
    const service = COMPOSE.services['otel-collector'];
    assert.equal(service?.build?.target, 'otel-collector');
    assert.deepEqual(service?.healthcheck?.test?.slice(0, 3), ['CMD', '/usr/local/bin/busybox', 'wget']);
    assert.match(service?.healthcheck?.test?.join(' ') ?? '', /http:\/\/127\.0\.0\.1:13133\//);
    assert.match(read('infra/otel/collector.yaml'), /health_check:\n\s+endpoint: 0\.0\.0\.0:13133/);
  });

  test('.dockerignore lets through what the Dockerfile copies, and keeps out local data', () => {
    const ignore = read('.dockerignore')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line && !line.startsWith('#'));
    assert.equal(ignore[0], '*', '.dockerignore is an allow-list');
    const allowed = ignore.filter((line) => line.startsWith('!')).map((line) => line.slice(1).replace(/\/$/, ''));
    const sources = [...DOCKERFILE.matchAll(/^COPY (?!--from)(.+) \S+$/gm)].flatMap((m) => m[1]!.split(' '));
    for (const source of sources) {
      assert.ok(
        allowed.some((path) => source === path || source.startsWith(`${path}/`)),
        `.dockerignore keeps out ${source}`,
      );
    }
    for (const secret of ['data', '.env']) assert.ok(!allowed.includes(secret), `${secret} stays out of the build context`);
  });
});
