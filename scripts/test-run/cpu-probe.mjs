// Preloaded (NODE_OPTIONS) into the processes of a test run by run-files.ts: a test file's process
// writes, as it exits, the CPU seconds it and its reaped children (servers it started) used.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.env.CIVIC_TEST_CPU_DIR;
const file = process.argv[1];
// Every process of the run inherits NODE_OPTIONS; only a test file's own records.
if (dir && file && /\.test\.tsx?$/.test(file)) {
  process.on('exit', () => {
    const self = process.cpuUsage();
    let children = 0;
    try {
      // cutime and cstime, in clock ticks (100 a second on Linux), after the command name's ')'.
      const stat = readFileSync('/proc/self/stat', 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      children = (Number(fields[13]) + Number(fields[14])) / 100;
    } catch {
      // Not Linux: the process's own CPU only.
    }
    writeFileSync(join(dir, `${process.pid}.json`), JSON.stringify({ file, cpuSeconds: (self.user + self.system) / 1e6 + children }));
  });
}
