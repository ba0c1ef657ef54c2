// The type-checks `npm test` requires, run one after another beside the first test files at a lower
// CPU priority: they take what the tests leave idle instead of holding the tests back.
import { spawn } from 'node:child_process';
import { setPriority } from 'node:os';
import { join } from 'node:path';

export const TSCONFIGS = ['tsconfig.json', 'frontends/tsconfig.json', 'k6/tsconfig.json'];

export interface TypeCheckResult {
  ok: boolean;
  /** The compiler's output of the failing check, empty when all passed. */
  output: string;
  seconds: number;
}

function tsc(root: string, project: string, niceness: number): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(join(root, 'node_modules', '.bin', 'tsc'), ['-p', project], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      // The compiler it starts inherits the priority.
      if (child.pid !== undefined) setPriority(child.pid, niceness);
    } catch {
      // Not permitted here: it runs at normal priority.
    }
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', (error) => resolve({ code: 1, output: String(error) }));
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

export async function typeCheck(root: string, { niceness = 10, projects = TSCONFIGS } = {}): Promise<TypeCheckResult> {
  const started = performance.now();
  for (const project of projects) {
    const { code, output } = await tsc(root, project, niceness);
    if (code !== 0) return { ok: false, output: `tsc -p ${project}\n${output}`, seconds: (performance.now() - started) / 1000 };
  }
  return { ok: true, output: '', seconds: (performance.now() - started) / 1000 };
}
