// Distributed profile: where each service answers. The gateway refuses to start with a service it
// must forward to but has no URL for (its routes would silently 404), or a SERVICE_URL_ it cannot
// place (a misspelt name). By default it forwards to every built service; GATEWAY_SERVICES narrows
// that (a partial deployment, the benchmarks).
import type { RouteClaim } from './route-table.ts';

const PREFIX = 'SERVICE_URL_';

export function distributedUpstreams(
  env: NodeJS.ProcessEnv,
  options: { table: readonly RouteClaim[]; built: readonly string[]; only?: readonly string[] },
): Record<string, string> {
  const known = [...new Set(options.table.map((claim) => claim.service))];
  const problems: string[] = [];
  const urls: Record<string, string> = {};
  for (const [key, value] of Object.entries(env)) {
    if (!key.startsWith(PREFIX) || value === undefined || value === '') continue;
    const name = key.slice(PREFIX.length).toLowerCase();
    if (known.includes(name)) urls[name] = value;
    else problems.push(`${key}: no service is called ${name} (known: ${known.join(', ')})`);
  }
  for (const name of options.only ?? []) {
    if (!known.includes(name)) problems.push(`GATEWAY_SERVICES: no service is called ${name} (known: ${known.join(', ')})`);
  }
  const required = options.only ?? options.built;
  for (const name of required) {
    if (!urls[name]) problems.push(`${PREFIX}${name.toUpperCase()}: required when PROFILE=distributed (the gateway forwards ${name}'s paths to it)`);
  }
  if (problems.length > 0) throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  // Only the services this gateway forwards to get routes; the others' paths answer 404.
  return Object.fromEntries(Object.entries(urls).filter(([name]) => required.includes(name)));
}
