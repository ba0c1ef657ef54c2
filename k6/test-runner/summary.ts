// The end-of-run text: iterations per scenario, each threshold with its value, the errors.
import type { RunResult } from './run-script.ts';

export function summaryOf(result: RunResult, latencyJudged: boolean): string {
  const lines: string[] = ['scenarios (started / completed / failed / dropped):'];
  for (const [name, c] of Object.entries(result.iterations)) lines.push(`  ${name}: ${c.started} / ${c.completed} / ${c.failed} / ${c.dropped}`);
  lines.push('thresholds:');
  for (const v of result.verdicts) {
    const mark = v.passed ? 'ok  ' : v.latency && !latencyJudged ? 'slow' : 'FAIL';
    lines.push(`  ${mark} ${v.key} ${v.expression} (${v.value === null ? 'no samples' : Number(v.value.toFixed(3))})`);
  }
  const unexpected = Object.entries(result.unexpected);
  if (unexpected.length > 0) lines.push('unexpected answers:', ...unexpected.map(([what, count]) => `  ${what}: ${count}`));
  if (result.errors.length > 0) lines.push('iteration errors:', ...[...new Set(result.errors)].slice(0, 20).map((e) => `  ${e}`));
  return lines.join('\n');
}

/** The thresholds that fail the run: all failed ones, or only those not on latency. */
export function failedVerdicts(result: RunResult, latencyJudged: boolean) {
  return result.verdicts.filter((v) => !v.passed && (latencyJudged || !v.latency));
}
