// The per-file timing record of a full `npm test` (.test-timings.json, and the checked-in baseline
// test/timings.json that `npm run test:save-timings` refreshes from it): the runner starts the files
// longest first, so that with two at a time no long file starts last and ends the run alone.

/** Seconds a test file took: wall from its start to its end, and CPU of its process and reaped children. */
export interface FileTiming {
  wallSeconds: number;
  cpuSeconds?: number;
}

export type Timings = Record<string, FileTiming>;

/** What a timing file says, files without a number left out (a hand-edited or older file still orders). */
export function parseTimings(text: string): Timings {
  const parsed: unknown = JSON.parse(text);
  const timings: Timings = {};
  if (typeof parsed !== 'object' || parsed === null) return timings;
  for (const [file, value] of Object.entries(parsed)) {
    const { wallSeconds, cpuSeconds } = (value ?? {}) as Partial<FileTiming>;
    if (typeof wallSeconds !== 'number') continue;
    timings[file] = typeof cpuSeconds === 'number' ? { wallSeconds, cpuSeconds } : { wallSeconds };
  }
  return timings;
}

/** Sorted by file and rounded to 0.1 s, so that a refreshed baseline diffs line by line. */
export function formatTimings(timings: Timings): string {
  const round = (seconds: number) => Math.round(seconds * 10) / 10;
  const sorted: Timings = {};
  for (const file of Object.keys(timings).sort()) {
    const { wallSeconds, cpuSeconds } = timings[file]!;
    sorted[file] = cpuSeconds === undefined ? { wallSeconds: round(wallSeconds) } : { wallSeconds: round(wallSeconds), cpuSeconds: round(cpuSeconds) };
  }
  return `${JSON.stringify(sorted, null, 2)}\n`;
}

/**
 * `files` longest first by their recorded wall time, ties and equal times by path. A file without a
 * record counts as the median recorded one: new files are rarely the heaviest, nor all trivial.
 */
export function longestFirst(files: readonly string[], recorded: Timings): string[] {
  const known = files.map((f) => recorded[f]?.wallSeconds).filter((s): s is number => s !== undefined);
  const sortedKnown = [...known].sort((a, b) => a - b);
  const median = sortedKnown.length === 0 ? 0 : sortedKnown[Math.floor(sortedKnown.length / 2)]!;
  const cost = (file: string) => recorded[file]?.wallSeconds ?? median;
  return [...files].sort((a, b) => cost(b) - cost(a) || (a < b ? -1 : a > b ? 1 : 0));
}

/** The `count` slowest files of a run as lines to print, wall and (when known) CPU seconds. */
export function slowestLines(timings: Timings, count: number): string[] {
  return Object.entries(timings)
    .sort(([a, x], [b, y]) => y.wallSeconds - x.wallSeconds || (a < b ? -1 : 1))
    .slice(0, count)
    .map(([file, { wallSeconds, cpuSeconds }]) => {
      const cpu = cpuSeconds === undefined ? '' : `, CPU ${cpuSeconds.toFixed(1)} s`;
      return `${wallSeconds.toFixed(1).padStart(6)} s  ${file}${cpu}`;
    });
}
