// Every file `npm run generate` writes from the roster, rendered in memory: the Dockerfile,
// docker-compose.yml, the Prometheus scrape list, and the workspace lists that name each service
// (the root's workspaces and dev dependencies, the gateway's dependencies). scripts/generate.ts writes
// them; test/generated-files.test.ts compares them with the files.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FRONTEND_AREAS, SERVICE_ROSTER, type ServiceEntry, serviceDir } from '@civic/roster';
import { renderCompose } from './render-compose.ts';
import { renderDockerfile } from './render-dockerfile.ts';
import { renderPrometheus } from './render-prometheus.ts';

export interface GeneratedFile {
  /** Relative to the repository root. */
  path: string;
  text: string;
}

interface Manifest {
  workspaces?: string[];
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

/** `items` with the missing `wanted` inserted after the last item `near` accepts (else appended). */
function withMissing(items: readonly string[], wanted: readonly string[], near: (item: string) => boolean): string[] {
  const result = [...items];
  for (const item of wanted) {
    if (result.includes(item)) continue;
    const last = result.findLastIndex(near);
    result.splice(last === -1 ? result.length : last + 1, 0, item);
  }
  return result;
}

const withPackages = (dependencies: Record<string, string> = {}, services: readonly ServiceEntry[]) => ({
  ...dependencies,
  ...Object.fromEntries(services.filter((s) => !(s.package in dependencies)).map((s) => [s.package, '*'])),
});

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

export function generatedFiles(root: string, services: readonly ServiceEntry[] = SERVICE_ROSTER, areas: readonly string[] = FRONTEND_AREAS): GeneratedFile[] {
  const read = (path: string) => JSON.parse(readFileSync(join(root, path), 'utf8')) as Manifest;
  const rootManifest = read('package.json');
  const workspaces = withMissing(
    withMissing(rootManifest.workspaces ?? [], services.map(serviceDir), (item) => item.startsWith('services/')),
    areas.map((area) => `frontends/${area}`),
    (item) => item.startsWith('frontends/'),
  );
  const gatewayManifest = read('gateway/package.json');
  return [
    { path: 'package.json', text: json({ ...rootManifest, workspaces, devDependencies: withPackages(rootManifest.devDependencies, services) }) },
    { path: 'gateway/package.json', text: json({ ...gatewayManifest, dependencies: withPackages(gatewayManifest.dependencies, services) }) },
    { path: 'Dockerfile', text: renderDockerfile({ services, areas, workspaces }) },
    { path: 'docker-compose.yml', text: renderCompose(services) },
    { path: 'infra/prometheus/prometheus.yml', text: renderPrometheus(services) },
  ];
}
