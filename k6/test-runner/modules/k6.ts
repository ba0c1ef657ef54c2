// `k6` as the harness provides it: check, group, sleep, fail.
import { addSample, blockFor, current } from '../vu-context.ts';

export function check<T>(value: T, sets: Record<string, (value: T) => unknown>, tags: Record<string, string> = {}): boolean {
  let all = true;
  for (const [name, test] of Object.entries(sets)) {
    let passed = false;
    try {
      passed = Boolean(test(value));
    } catch {
      passed = false;
    }
    addSample('checks', 'rate', passed ? 1 : 0, { ...tags, check: name });
    all &&= passed;
  }
  return all;
}

export function group<T>(name: string, run: () => T): T {
  const outer = current.group;
  current.group = `${outer}::${name}`;
  try {
    return run();
  } finally {
    current.group = outer;
  }
}

export function sleep(seconds: number): void {
  blockFor(seconds * 1000);
}

export function fail(message = ''): never {
  throw new Error(message);
}

export default { check, group, sleep, fail };
