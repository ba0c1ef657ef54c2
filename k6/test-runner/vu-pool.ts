// The VU workers of a run: started ahead (preAllocatedVUs), more on demand up to a cap, each running
// one iteration at a time. A worker's requests are made here, on the main thread, while it waits.
import { MessageChannel, type MessagePort, Worker } from 'node:worker_threads';
import { perform } from './http-executor.ts';
import type { FromVu, ResponseRecord, ScriptOptions, ToVu, VuWorkerData } from './protocol.ts';

export interface Iteration {
  exec: string;
  scenario: string;
  data: unknown;
}

export interface PoolEvents {
  sample(metric: string, kind: 'counter' | 'gauge' | 'rate' | 'trend', value: number, tags: Record<string, string>): void;
  response(tags: Record<string, string>, expected: number[] | null, record: ResponseRecord): void;
}

interface Vu {
  worker: Worker;
  replies: MessagePort;
  flag: Int32Array;
  busy: boolean;
}

export class VuPool {
  private readonly vus: Vu[] = [];
  private starting = 0;
  private nextId = 1;
  private readonly pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  options: ScriptOptions | null = null;

  constructor(
    private readonly scriptUrl: string,
    private readonly env: Record<string, string>,
    private readonly cap: number,
    private readonly events: PoolEvents,
  ) {}

  get size(): number {
    return this.vus.length + this.starting;
  }

  get busy(): number {
    return this.vus.filter((vu) => vu.busy).length;
  }

  /** Starts one more VU; resolves when its script is loaded. */
  async grow(): Promise<void> {
    if (this.size >= this.cap) return;
    this.starting++;
    const flagBuffer = new SharedArrayBuffer(4);
    const channel = new MessageChannel();
    const data: VuWorkerData = { scriptUrl: this.scriptUrl, env: this.env, vu: this.size, flag: flagBuffer };
    const worker = new Worker(new URL('./vu-worker.mjs', import.meta.url), { workerData: data });
    const vu: Vu = { worker, replies: channel.port1, flag: new Int32Array(flagBuffer), busy: false };
    try {
      await new Promise<void>((resolve, reject) => {
        worker.once('error', reject);
        worker.on('message', (message: FromVu) => {
          if (message.type === 'ready') {
            this.options ??= message.options;
            resolve();
          } else this.onMessage(vu, message);
        });
        worker.postMessage(channel.port2, [channel.port2]);
      });
    } finally {
      this.starting--;
    }
    worker.on('error', (error) => {
      for (const waiter of this.pending.values()) waiter.reject(error);
    });
    this.vus.push(vu);
  }

  /** Runs an iteration on a free VU; null when every VU is busy (k6 then drops the iteration). */
  tryRun(iteration: Iteration): Promise<unknown> | null {
    const vu = this.vus.find((v) => !v.busy);
    if (!vu) return null;
    vu.busy = true;
    const id = this.nextId++;
    const done = new Promise<unknown>((resolve, reject) => this.pending.set(id, { resolve, reject }));
    const message: ToVu = { type: 'run', id, ...iteration };
    vu.worker.postMessage(message);
    return done.finally(() => {
      vu.busy = false;
    });
  }

  private onMessage(vu: Vu, message: FromVu): void {
    if (message.type === 'sample') this.events.sample(message.metric, message.kind, message.value, message.tags);
    else if (message.type === 'http') {
      void Promise.all(message.requests.map((spec) => perform(spec))).then((records) => {
        records.forEach((record, i) => this.events.response(message.requests[i]!.tags, message.requests[i]!.expected, record));
        vu.replies.postMessage(records);
        Atomics.store(vu.flag, 0, 1);
        Atomics.notify(vu.flag, 0);
      });
    } else if (message.type === 'done') {
      const waiter = this.pending.get(message.id);
      this.pending.delete(message.id);
      if (message.error === null) waiter?.resolve(message.value);
      else waiter?.reject(new Error(message.error));
    }
  }

  async close(): Promise<void> {
    await Promise.all(this.vus.map((vu) => vu.worker.terminate()));
    for (const vu of this.vus) vu.replies.close();
  }
}
