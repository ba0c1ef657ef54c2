// One VU worker of a run, running one iteration at a time. Its requests are made here, on the main
// thread, while it waits (vu-context.ts).
import { MessageChannel, type MessagePort, Worker } from 'node:worker_threads';
import type { HttpExecutor } from './http-executor.ts';
import type { FromVu, MetricKind, ResponseRecord, ScriptOptions, ToVu, VuWorkerData } from './protocol.ts';

export interface Iteration {
  exec: string;
  scenario: string;
  data: unknown;
}

export interface VuEvents {
  sample(metric: string, kind: MetricKind, value: number, tags: Record<string, string>): void;
  response(tags: Record<string, string>, expected: number[] | null, record: ResponseRecord): void;
}

export class Vu {
  busy = false;
  private nextId = 1;
  private readonly pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();

  private constructor(
    private readonly worker: Worker,
    private readonly replies: MessagePort,
    private readonly flag: Int32Array,
    private readonly events: VuEvents,
    private readonly http: HttpExecutor,
    /** The script's `options`, as its init context made them. */
    readonly options: ScriptOptions,
  ) {
    worker.on('message', (message: FromVu) => this.onMessage(message));
    worker.on('error', (error) => {
      for (const waiter of this.pending.values()) waiter.reject(error);
      this.pending.clear();
    });
  }

  /** Starts a worker and loads the script in it (its init context). */
  static async start(scriptUrl: string, env: Record<string, string>, vu: number, events: VuEvents, http: HttpExecutor): Promise<Vu> {
    const flag = new SharedArrayBuffer(4);
    const channel = new MessageChannel();
    const data: VuWorkerData = { scriptUrl, env, vu, flag };
    const worker = new Worker(new URL('./vu-worker.mjs', import.meta.url), { workerData: data });
    try {
      let onError = (_error: Error) => {};
      let onExit = (_code: number) => {};
      const options = await new Promise<ScriptOptions>((resolve, reject) => {
        onError = reject;
        onExit = (code) => reject(new Error(`VU ${vu} exited (${code}) while loading the script`));
        worker.once('error', onError);
        worker.once('exit', onExit);
        worker.once('message', (message: FromVu) =>
          message.type === 'ready' ? resolve(message.options) : reject(new Error(`VU ${vu}: ${message.type} before ready`)),
        );
        worker.postMessage(channel.port2, [channel.port2]);
      }).finally(() => {
        worker.off('error', onError);
        worker.off('exit', onExit);
      });
      return new Vu(worker, channel.port1, new Int32Array(flag), events, http, options);
    } catch (error) {
      await worker.terminate();
      throw error;
    }
  }

  /** Runs one iteration; the function's return value (setup's data) when it ends. */
  run(iteration: Iteration): Promise<unknown> {
    this.busy = true;
    const id = this.nextId++;
    const done = new Promise<unknown>((resolve, reject) => this.pending.set(id, { resolve, reject }));
    this.worker.postMessage({ type: 'run', id, ...iteration } satisfies ToVu);
    return done.finally(() => {
      this.busy = false;
    });
  }

  private onMessage(message: FromVu): void {
    if (message.type === 'sample') this.events.sample(message.metric, message.kind, message.value, message.tags);
    else if (message.type === 'http') {
      void Promise.all(message.requests.map((spec) => this.http.perform(spec))).then((records) => {
        for (const [i, record] of records.entries()) this.events.response(message.requests[i]!.tags, message.requests[i]!.expected, record);
        this.replies.postMessage(records);
        Atomics.store(this.flag, 0, 1);
        Atomics.notify(this.flag, 0);
      });
    } else if (message.type === 'done') {
      const waiter = this.pending.get(message.id);
      this.pending.delete(message.id);
      if (message.error === null) waiter?.resolve(message.value);
      else waiter?.reject(new Error(message.error));
    }
  }

  async close(): Promise<void> {
    await this.worker.terminate();
    this.replies.close();
  }
}
