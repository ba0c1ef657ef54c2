// Adding a service is its package, one roster line and `npm run generate` (docs/adding-a-service.md).
// A throwaway package in a temporary folder gets a line of its own: the generator renders its image,
// its container with its own users and its scrape target, and the gateway routes its operation to it
// on both profiles, with nothing else written for it.
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Operation } from '@civic/contracts';
import { FRONTEND_AREAS, SERVICE_ROSTER, type ServiceEntry } from '@civic/roster';
import { parse } from 'yaml';
import { renderCompose } from '../infra/deployment/render-compose.ts';
import { renderDockerfile } from '../infra/deployment/render-dockerfile.ts';
import { renderPrometheus } from '../infra/deployment/render-prometheus.ts';
import { profilePlan } from './support/infrastructure.ts';
import { startStack, type Stack } from './support/stack.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The whole service: one operation of its own contract, one route. */
const APP = `import { defineOperation } from '@civic/contracts';
import { defineService, type typed } from '@civic/service-kit';
import { z } from 'zod';

export const throwawayGreeting = defineOperation({
  method: 'GET',
  path: '/api/throwaway/greeting',
  summary: 'A greeting from a service added by one roster line',
  owner: 'throwaway',
  auth: 'none',
  response: z.object({ greeting: z.string() }),
  errors: [],
});

async function greetingRoutes(app: Parameters<typeof typed>[0]) {
  app.get('/api/throwaway/greeting', { config: { auth: 'none' } }, async () => ({ greeting: 'hello from one roster line' }));
}

export const throwawayService = defineService({ name: 'throwaway', routes: [greetingRoutes] });
`;

let dir: string;
let line: ServiceEntry;
let greeting: Operation;

before(async () => {
  // A package outside the repository that resolves the platform's packages as a workspace would.
  dir = await mkdtemp(join(tmpdir(), 'civic-throwaway-'));
  await symlink(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
  await mkdir(join(dir, 'src'));
  await writeFile(join(dir, 'package.json'), JSON.stringify({ name: '@civic/throwaway', type: 'module', exports: { '.': './src/app.ts' } }));
  await writeFile(join(dir, 'src', 'app.ts'), APP);
  const entry = pathToFileURL(join(dir, 'src', 'app.ts')).href;
  // The roster line; its package is named by URL, as it is no workspace of this repository.
  line = { name: 'throwaway', package: entry, port: 3199, pool: 2, consumes: ['auth'] };
  greeting = ((await import(entry)) as { throwawayGreeting: Operation }).throwawayGreeting;
});

after(async () => {
  await rm(dir, { recursive: true, force: true });
});

test('the generator gives the new line an image, a container with its own users, and a scrape target', () => {
  const services = [...SERVICE_ROSTER, line];
  const dockerfile = renderDockerfile({ services, areas: FRONTEND_AREAS, workspaces: ['services/throwaway'] });
  assert.match(dockerfile, /^FROM runtime AS throwaway\n/m);
  assert.match(dockerfile, /^RUN npm ci .*--workspace services\/throwaway$/m);
  assert.match(dockerfile, /^CMD \["node", "--no-memory-reducer", "--import", "tsx", "services\/throwaway\/src\/server\.ts"\]$/m);
  const image = dockerfile.slice(
    dockerfile.indexOf('FROM runtime AS throwaway'),
    dockerfile.indexOf('FROM', dockerfile.indexOf('FROM runtime AS throwaway') + 1),
  );
  assert.deepEqual(
    [...image.matchAll(/^COPY (?:--from=\S+ )?(\S+)/gm)].map((m) => m[1]!).filter((path) => /services\//.test(path) && !path.includes('services/throwaway/')),
    [],
    'its image copies no other service',
  );
  assert.match(dockerfile, /^COPY services\/throwaway\/src services\/throwaway\/src$/m, 'the gateway mounts it when embedded');

  const compose = parse(renderCompose(services), { merge: true }) as { services: Record<string, { environment: Record<string, string>; depends_on: object }> };
  const env = compose.services.throwaway?.environment;
  assert.equal(env?.PORT, '3199');
  assert.equal(env?.NATS_USER, 'throwaway');
  assert.match(env?.DATABASE_URL ?? '', /^postgresql:\/\/civic_throwaway_app:/);
  assert.equal(compose.services.gateway?.environment.SERVICE_URL_THROWAWAY, 'http://throwaway:3199');
  assert.ok('throwaway' in (compose.services.gateway?.depends_on ?? {}));
  assert.ok('DATABASE_PASSWORD_THROWAWAY' in (compose.services.setup?.environment ?? {}));
  assert.match(renderPrometheus(services), /^ {10}- throwaway:9464$/m);
});

test('max_connections grows with the roster, and leaves room above the budget', () => {
  const budget = (text: string) => /total = (\d+) <= max_connections (\d+)/.exec(text)!.slice(1).map(Number);
  const [total, max] = budget(renderCompose(SERVICE_ROSTER));
  const [grown, grownMax] = budget(renderCompose([...SERVICE_ROSTER, line]));
  assert.equal(grown, total! + 2 * (line.pool + 1));
  assert.ok(grownMax! > grown! && max! > total!);
  assert.match(renderCompose([...SERVICE_ROSTER, line]), new RegExp(`"max_connections=${grownMax}"`));
});

for (const { profile, skip } of await profilePlan()) {
  describe(`the throwaway service through the gateway (${profile})`, { skip }, () => {
    let stack: Stack;
    before(async () => {
      stack = await startStack(profile, { roster: { services: [line], operations: [greeting] } });
    });
    after(async () => {
      await stack?.close();
    });

    test('its operation is routed to it; the paths of services outside its roster are not', async () => {
      const client = stack.client();
      const answer = await client.get('/api/throwaway/greeting');
      assert.equal(answer.status, 200, answer.text);
      assert.deepEqual(answer.body, { greeting: 'hello from one roster line' });
      assert.equal((await client.get('/api/priorities')).status, 404);
      if (profile === 'distributed') assert.ok(stack.serviceUrls.throwaway, 'it runs as a process of its own');
    });
  });
}
