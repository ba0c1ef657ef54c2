// `npm run start:distributed`: the distributed profile on one machine, the same processes
// docker-compose.yml describes. Defaults point at this machine's PostgreSQL, NATS and Redis;
// secrets are generated once into $DATA_DIR/distributed.env (never in code).
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureFrontendsBuilt } from '../scripts/ensure-frontends.ts';
import { GATEWAY_ENTRY, SERVER_NODE_FLAGS, SERVICE_PROCESSES } from './services.ts';
import { setupDistributed } from './setup-distributed.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DATA_DIR = resolve(ROOT, process.env.DATA_DIR ?? 'data');

function loadOrCreateSecrets(): Record<string, string> {
  const file = resolve(DATA_DIR, 'distributed.env');
  if (!existsSync(file)) {
    mkdirSync(DATA_DIR, { recursive: true });
    const secret = () => randomBytes(32).toString('base64url');
    writeFileSync(file, `INTERNAL_JWT_SECRET=${secret()}\nCSRF_SECRET=${secret()}\nAUTH_CODE_KEY=${secret()}\n`, { mode: 0o600 });
  }
  return Object.fromEntries(
    readFileSync(file, 'utf8')
      .split('\n')
      .filter((line) => line.includes('='))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );
}

const env: NodeJS.ProcessEnv = {
  DATABASE_URL: 'postgresql://postgres@127.0.0.1:5432/postgres',
  NATS_URL: 'nats://127.0.0.1:4222',
  REDIS_URL: 'redis://127.0.0.1:6379',
  // Local development: sign-in mail as .eml files under data/mail (a deployment must choose; see README).
  MAIL_TRANSPORT: 'file',
  ...loadOrCreateSecrets(),
  ...process.env,
  PROFILE: 'distributed',
  DATA_DIR,
};

await ensureFrontendsBuilt();
await setupDistributed(env);

const children: ChildProcess[] = [];
function start(name: string, entry: string, extra: NodeJS.ProcessEnv): ChildProcess {
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, '--import', 'tsx', resolve(ROOT, entry)], {
    cwd: ROOT,
    env: { ...env, ...extra },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`${name} exited (${signal ?? code}); stopping the others`);
      void stop(1);
    }
  });
  children.push(child);
  return child;
}

let stopping = false;
async function stop(code: number) {
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  await Promise.all(children.map((c) => new Promise((r) => (c.exitCode !== null ? r(null) : c.once('exit', r)))));
  process.exit(code);
}
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));

const upstreams: NodeJS.ProcessEnv = {};
for (const service of SERVICE_PROCESSES) {
  start(service.name, service.entry, { HOST: '127.0.0.1', PORT: String(service.port) });
  upstreams[`SERVICE_URL_${service.name.toUpperCase()}`] = `http://127.0.0.1:${service.port}`;
}
start('gateway', GATEWAY_ENTRY, { ...upstreams, PORT: process.env.PORT ?? '3000' });
