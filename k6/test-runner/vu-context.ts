// A VU worker's state, shared by the k6 modules the harness provides (modules/*.ts): the scenario and
// group it runs, the line to the runner, and the synchronous request call k6's API needs (the worker
// blocks on Atomics.wait while the runner, on the main thread, makes the request).
import { type MessagePort, parentPort, receiveMessageOnPort } from 'node:worker_threads';
import type { FromVu, MetricKind, RequestSpec, ResponseRecord } from './protocol.ts';

interface Line {
  replies: MessagePort;
  flag: Int32Array;
}

let line: Line | null = null;
export const current = { scenario: 'setup', group: '' };

export function connect(replies: MessagePort, flag: SharedArrayBuffer): void {
  line = { replies, flag: new Int32Array(flag) };
}

export function post(message: FromVu): void {
  if (!parentPort) throw new Error('the k6 modules of the test harness run only in its VU workers');
  parentPort.postMessage(message);
}

/** Tags every sample of the running iteration carries. */
export function iterationTags(): Record<string, string> {
  return { scenario: current.scenario, ...(current.group ? { group: current.group } : {}) };
}

export function addSample(metric: string, kind: MetricKind, value: number, tags: Record<string, string> = {}): void {
  post({ type: 'sample', metric, kind, value, tags: { ...iterationTags(), ...tags } });
}

/** Makes the requests (at once) and waits for their answers, blocking this VU as k6 does. */
export function requestSync(requests: RequestSpec[]): ResponseRecord[] {
  if (!line) throw new Error('VU not connected');
  Atomics.store(line.flag, 0, 0);
  post({ type: 'http', requests });
  Atomics.wait(line.flag, 0, 0);
  const reply = receiveMessageOnPort(line.replies);
  if (!reply) throw new Error('the runner signalled without a reply');
  return reply.message as ResponseRecord[];
}

/** k6's sleep: the VU blocks. */
export function blockFor(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}
