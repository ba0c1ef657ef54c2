// The README is the front door (issue 16): at most 200 lines, and every link in it and in docs/
// points at a file of this repository (no link leaves it; a moved or renamed doc fails here).
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { test } from 'node:test';

const root = resolve(import.meta.dirname, '..');

function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return markdownFiles(path);
    return entry.name.endsWith('.md') ? [path] : [];
  });
}

const documents = [join(root, 'README.md'), ...markdownFiles(join(root, 'docs'))];

test('the README stays a front door of at most 200 lines', () => {
  const lines = readFileSync(join(root, 'README.md'), 'utf8').trimEnd().split('\n').length;
  assert.ok(lines <= 200, `README.md has ${lines} lines; move detail to docs/`);
});

test('every link in the README and docs/ resolves to a file of the repository', () => {
  const broken: string[] = [];
  for (const document of documents) {
    const text = readFileSync(document, 'utf8');
    for (const match of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      const target = match[1]!;
      if (/^https?:/.test(target)) {
        broken.push(`${document}: ${target} links outside the repository`);
        continue;
      }
      const path = target.split('#')[0]!;
      if (path === '') continue;
      const resolved = resolve(dirname(document), path);
      if (!resolved.startsWith(root) || !existsSync(resolved)) broken.push(`${document}: ${target}`);
    }
  }
  assert.deepEqual(broken, []);
});
