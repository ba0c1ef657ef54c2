// A background job run every `everyMs` by each service process: never two runs of one job at once in
// a process (the next run is scheduled when the last one ends), a failure is logged and the job runs
// again next time, and stop() waits for a run under way, so the database is not closed beneath it.

export interface PeriodicJob {
  /** Runs the job now (after a run under way), e.g. in tests. */
  runNow(): Promise<void>;
  stop(): Promise<void>;
}

export function startPeriodicJob(
  name: string,
  everyMs: number,
  run: () => Promise<unknown>,
  logger: { error(fields: object, message?: string): void },
): PeriodicJob {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let stopped = false;

  const once = (): Promise<void> => {
    running = running.then(async () => {
      if (stopped) return;
      try {
        await run();
      } catch (error) {
        logger.error({ err: error, job: name }, 'background job failed; it runs again at its next period');
      }
    });
    return running;
  };

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => void once().then(schedule), everyMs);
    // A waiting job does not keep the process alive.
    timer.unref();
  };
  schedule();

  return {
    runNow: once,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
