// Runs a regex against inputs built to make a backtracking engine work hard, and reports the slowest.
// Catastrophic backtracking needs a prefix that leads into an ambiguous part, a "pump" the ambiguous
// part can consume in more than one way, repeated, and a suffix that makes the match fail so every
// way is tried (e.g. "a@" + "." x n + "@" against `[^@]+\.[^@]+$`). We try prefixes, pumps and
// suffixes made of the characters of the pattern itself plus common ones, first short (where an
// exponential pattern already shows and a quadratic one is cheap to find), then the slowest few at
// the full length.

/** Characters worth trying in any pattern, beside those the pattern names itself. */
const COMMON_CHARACTERS = ['a', 'Z', '0', ' ', '\t', '\n', '.', '-', '_', '@', ':', '/', '\u0000', '\u00e9'];

/**
 * The search, shortest first: every candidate at 24 characters (an exponential pattern already takes
 * seconds there, and fails at once), every candidate at 256 (a quadratic one takes ~100 times a
 * linear one), then the slowest of them at 2,048 (where a stray garbage collection no longer
 * outranks them), then the slowest few at the full length.
 */
const SEARCH = [
  { length: 24, runs: 1, keep: Infinity },
  { length: 256, runs: 1, keep: 64 },
  { length: 2048, runs: 2, keep: 8 },
] as const;
/** Runs of an input that looks slow, of which the best counts. */
const RUNS = 5;

export interface AdversarialResult {
  /** The slowest input's time at the full length (the best of up to RUNS runs), in milliseconds. */
  worstMs: number;
  /** Its input, described: prefix + pump x count + suffix. */
  input: string;
}

interface Candidate {
  prefix: string;
  pump: string;
  suffix: string;
}

/** The characters a pattern's source names (escapes included, harmlessly), plus the common ones. */
function alphabetOf(regex: RegExp): string[] {
  const named = [...regex.source].filter((c) => c >= ' ' && c <= '~');
  return [...new Set([...named, ...COMMON_CHARACTERS])];
}

function candidatesOf(regex: RegExp): Candidate[] {
  const alphabet = alphabetOf(regex);
  const prefixes = ['', ...alphabet, ...alphabet.map((c) => `a${c}`)];
  // A suffix only has to stop the match; one of the common characters (or the end) always can.
  const suffixes = ['', ...COMMON_CHARACTERS];
  const candidates: Candidate[] = [];
  for (const prefix of prefixes) for (const pump of alphabet) for (const suffix of suffixes) candidates.push({ prefix, pump, suffix });
  return candidates;
}

/**
 * One run as the server code runs it: a global regex through every match (as replace and matchAll
 * do; by replace with nothing, so the time is the engine's and not that of building a result per
 * match), any other one to its first.
 */
function runOnce(regex: RegExp, input: string): number {
  regex.lastIndex = 0;
  const started = performance.now();
  if (regex.global) input.replace(regex, '');
  else regex.test(input);
  const elapsed = performance.now() - started;
  regex.lastIndex = 0;
  return elapsed;
}

/**
 * The best of up to `runs` runs, stopping once one is comfortably under the limit: a garbage
 * collection or a busy core slows one run down, a backtracking pattern slows every one.
 */
function bestOfRuns(regex: RegExp, input: string, runs: number, limitMs: number): number {
  let best = Infinity;
  for (let run = 0; run < runs && best > limitMs / 2; run++) {
    const ms = runOnce(regex, input);
    best = Math.min(best, ms);
    if (ms > limitMs * 4) break; // no accident of scheduling: do not wait for it again
  }
  return best;
}

const describe = (c: Candidate, count: number) => `${JSON.stringify(c.prefix)} + ${JSON.stringify(c.pump)} x ${count} + ${JSON.stringify(c.suffix)}`;
const repeatCount = (c: Candidate, length: number) => Math.max(1, Math.floor((length - c.prefix.length - c.suffix.length) / c.pump.length));

/**
 * The slowest of the adversarial inputs of `length` characters for `regex`. Returns as soon as one
 * input takes longer than `limitMs`, so a catastrophic pattern fails fast instead of hanging the test.
 */
export function slowestAdversarialRun(regex: RegExp, length: number, limitMs: number): AdversarialResult {
  // A copy, so the caller's regex keeps its lastIndex.
  const pattern = new RegExp(regex.source, regex.flags);
  let scored = candidatesOf(pattern).map((candidate) => ({ candidate, ms: 0 }));
  for (const stage of SEARCH) {
    const pumped = new Map<string, string>();
    for (const entry of scored) {
      const count = repeatCount(entry.candidate, stage.length);
      const key = `${entry.candidate.pump}:${count}`;
      let repeated = pumped.get(key);
      if (repeated === undefined) pumped.set(key, (repeated = entry.candidate.pump.repeat(count)));
      const input = entry.candidate.prefix + repeated + entry.candidate.suffix;
      entry.ms = runOnce(pattern, input);
      for (let run = 1; run < stage.runs; run++) entry.ms = Math.min(entry.ms, runOnce(pattern, input));
      if (entry.ms > limitMs) {
        entry.ms = bestOfRuns(pattern, input, RUNS, limitMs);
        if (entry.ms > limitMs) return { worstMs: entry.ms, input: describe(entry.candidate, count) };
      }
    }
    scored = scored.sort((a, b) => b.ms - a.ms).slice(0, stage.keep);
  }
  let worst: AdversarialResult = { worstMs: 0, input: '' };
  for (const { candidate } of scored) {
    const count = repeatCount(candidate, length);
    const ms = bestOfRuns(pattern, candidate.prefix + candidate.pump.repeat(count) + candidate.suffix, RUNS, limitMs);
    if (ms > worst.worstMs) worst = { worstMs: ms, input: describe(candidate, count) };
    if (ms > limitMs) break;
  }
  return worst;
}
