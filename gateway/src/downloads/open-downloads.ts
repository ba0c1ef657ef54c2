// The downloads one gateway process carries (the route table's `downloads`: published snapshots),
// counted per client network and in all. Past the network's cap a download is refused at once (429);
// past the total it waits for a free place, in arrival order, but never longer than queueTimeoutMs
// (then 503): nothing waits without a deadline, neither here nor in the upstream pool, whose size is
// the total. Counted in this process, like the live streams (streams/open-streams.ts).

export interface DownloadLimits {
  perNetwork: number;
  total: number;
  queueTimeoutMs: number;
}

export type DownloadRefusal = 'network' | 'busy';

/** An admitted download's place; released once, when its response closes. */
export interface DownloadSlot {
  release(): void;
}

export interface OpenDownloads {
  /** A place, or why not; `gone` ends a wait when the client leaves first. */
  admit(network: string, gone: AbortSignal): Promise<DownloadSlot | DownloadRefusal>;
  readonly running: number;
  readonly waiting: number;
}

export function createOpenDownloads(limits: DownloadLimits): OpenDownloads {
  const perNetwork = new Map<string, number>();
  const queue: (() => void)[] = [];
  let running = 0;

  const count = (network: string, by: number) => {
    const next = (perNetwork.get(network) ?? 0) + by;
    if (next <= 0) perNetwork.delete(network);
    else perNetwork.set(network, next);
  };

  return {
    admit(network, gone) {
      // Waiting downloads count against their network too: one network cannot fill the queue.
      if ((perNetwork.get(network) ?? 0) >= limits.perNetwork) return Promise.resolve('network');
      count(network, 1);
      let released = false;
      const slot: DownloadSlot = {
        release() {
          if (released) return;
          released = true;
          count(network, -1);
          running -= 1;
          queue.shift()?.();
        },
      };
      if (running < limits.total) {
        running += 1;
        return Promise.resolve(slot);
      }
      return new Promise((resolve) => {
        const leave = () => {
          clearTimeout(timer);
          gone.removeEventListener('abort', leave);
          const at = queue.indexOf(grant);
          if (at >= 0) queue.splice(at, 1);
          count(network, -1);
          resolve('busy');
        };
        const grant = () => {
          clearTimeout(timer);
          gone.removeEventListener('abort', leave);
          running += 1;
          resolve(slot);
        };
        const timer = setTimeout(leave, limits.queueTimeoutMs);
        gone.addEventListener('abort', leave, { once: true });
        queue.push(grant);
      });
    },
    get running() {
      return running;
    },
    get waiting() {
      return queue.length;
    },
  };
}
