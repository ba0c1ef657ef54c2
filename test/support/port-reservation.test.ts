// The ports that the process stack, the dedicated servers and the local NATS and Redis bind some
// seconds after choosing them (infra/port-reservation.ts): never one the kernel hands out, never the
// same one to two processes, and free again once the holder exits.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { once } from 'node:events';
import { test } from 'node:test';
import { lockHolder, reservePort } from '../../infra/port-reservation.ts';

const PER_PROCESS = 25;

/** A node process that reserves `count` ports, prints them, and exits when its stdin closes. */
function reserver(count: number) {
  const source = `
    const { reservePort } = await import(${JSON.stringify(new URL('../../infra/port-reservation.ts', import.meta.url).href)});
    const ports = await Promise.all(Array.from({ length: ${count} }, () => reservePort()));
    process.stdout.write(JSON.stringify(ports) + '\\n');
    process.stdin.resume();
    process.stdin.once('end', () => process.exit(0));`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '--eval', source], { stdio: ['pipe', 'pipe', 'inherit'] });
  const ports = new Promise<number[]>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('\n')) resolve(JSON.parse(out) as number[]);
    });
    child.once('exit', (code) => reject(new Error(`the reserver exited (${code}) before printing its ports`)));
  });
  return { child, ports };
}

test('processes reserving at once get distinct ports below the ephemeral range, each locked by its holder until it exits', async () => {
  const ephemeralStart = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
  const others = [reserver(PER_PROCESS), reserver(PER_PROCESS)];
  const own = await Promise.all(Array.from({ length: PER_PROCESS }, () => reservePort()));
  const [first, second] = await Promise.all(others.map((o) => o.ports));
  const all = [...own, ...first!, ...second!];

  assert.equal(new Set(all).size, all.length, `a port was given twice: ${all.sort().join(',')}`);
  for (const port of all) assert.ok(port > 1024 && port < ephemeralStart, `${port} is outside 1025-${ephemeralStart - 1}`);
  for (const port of own) assert.equal(lockHolder(port), process.pid);
  for (const port of first!) assert.equal(lockHolder(port), others[0]!.child.pid);

  others[0]!.child.stdin.end();
  await once(others[0]!.child, 'exit');
  for (const port of first!) assert.equal(lockHolder(port), null, `${port} is still locked after its holder exited`);
  for (const port of second!) assert.equal(lockHolder(port), others[1]!.child.pid, 'another process exiting released these');

  others[1]!.child.stdin.end();
  await once(others[1]!.child, 'exit');
});
