// One VU: loads the script once (its init context) with the harness's k6 modules and k6's globals
// (__ENV, __VU, open), then runs the iterations the runner sends, one at a time.
import { readFileSync } from 'node:fs';
import { register } from 'node:module';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';
import type { ToVu, VuWorkerData } from './protocol.ts';
import { connect, current, post } from './vu-context.ts';

const { scriptUrl, env, vu, flag } = workerData as VuWorkerData;
register(new URL('./hooks.mjs', import.meta.url));

const scriptDir = dirname(fileURLToPath(scriptUrl));
Object.assign(globalThis, {
  __ENV: env,
  __VU: vu,
  __ITER: 0,
  /** k6's open(): a path relative to the script's folder, or absolute. */
  open: (path: string) => readFileSync(resolve(scriptDir, path), 'utf8'),
});

parentPort!.once('message', async (replies) => {
  connect(replies, flag);
  const script = (await import(scriptUrl)) as Record<string, unknown>;
  let iteration = 0;
  parentPort!.on('message', (message: ToVu) => {
    const run = script[message.exec];
    current.scenario = message.scenario;
    current.group = '';
    (globalThis as Record<string, unknown>).__ITER = iteration++;
    try {
      if (typeof run !== 'function' && message.exec !== 'setup') throw new Error(`the script exports no function ${message.exec}`);
      const value = typeof run === 'function' ? run(message.data) : undefined;
      post({ type: 'done', id: message.id, error: null, value: value === undefined ? null : JSON.parse(JSON.stringify(value)) });
    } catch (error) {
      post({ type: 'done', id: message.id, error: error instanceof Error ? error.message : String(error), value: null });
    }
  });
  post({ type: 'ready', options: JSON.parse(JSON.stringify(script.options ?? {})) });
});
