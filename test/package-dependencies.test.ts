// Every package declares what it imports, and imports (or runs) what it declares. A package that
// imports what it does not declare works only while some other package happens to install it (npm
// hoists); a declared dependency nothing uses is installed, audited and updated for nothing.
// Packages: the root (test/, scripts/, bench/, infra/, frontends/build/) and every workspace.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';
import { SERVICE_ROSTER } from '@civic/roster';
import { blankComments, importsOf, readRepositoryPackages, type RepositoryPackage, type SourceFile } from './support/package-imports.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const packages = readRepositoryPackages(ROOT);

/** Test code may use devDependencies; so may whatever is only bundled or only run in development. */
function mayUseDevDependencies(pkg: RepositoryPackage, file: SourceFile): boolean {
  // The root is private tooling (tests, scripts, benchmarks); a front end is bundled at build time.
  if (pkg.dir === '' || pkg.dir.startsWith('frontends/')) return true;
  return /(^|\/)test\//.test(file.path) || /\.test\.tsx?$/.test(file.path);
}

/** k6's own modules (k6, k6/http, ...) in the load-test scripts: the k6 binary provides them, no package does. */
function isK6RuntimeModule(file: SourceFile, name: string): boolean {
  return name === 'k6' && file.path.startsWith('k6/') && !/^k6\/(test-runner|seed)\//.test(file.path);
}

const declared = (pkg: RepositoryPackage) => new Set([...Object.keys(pkg.manifest.dependencies ?? {}), ...Object.keys(pkg.manifest.devDependencies ?? {})]);

test('every bare import is declared by the package that holds the file (devDependencies only for test code)', () => {
  const problems: string[] = [];
  for (const pkg of packages) {
    const runtime = new Set(Object.keys(pkg.manifest.dependencies ?? {}));
    const all = declared(pkg);
    for (const file of pkg.files) {
      for (const name of file.imports) {
        if (name === pkg.manifest.name || isK6RuntimeModule(file, name)) continue;
        if (!all.has(name)) problems.push(`${file.path} imports ${name}, which ${pkg.dir || 'the root'}/package.json does not declare`);
        else if (!runtime.has(name) && !mayUseDevDependencies(pkg, file)) problems.push(`${file.path} imports ${name}, a devDependency of ${pkg.dir}`);
      }
    }
  }
  assert.deepEqual(problems, []);
});

/** The binaries a dependency installs (node_modules/<name>/package.json "bin"). */
function binariesOf(name: string): string[] {
  const manifest = join(ROOT, 'node_modules', name, 'package.json');
  if (!existsSync(manifest)) return [];
  const { bin } = JSON.parse(readFileSync(manifest, 'utf8')) as { bin?: string | Record<string, string> };
  if (!bin) return [];
  return typeof bin === 'string' ? [name.split('/').pop()!] : Object.keys(bin);
}

/** Relative imports, followed out of the package too (a front end's webpack.config.mjs uses ../build/). */
function reachableFiles(pkg: RepositoryPackage): Array<{ path: string; text: string }> {
  const seen = new Map(pkg.files.map((file) => [file.path, file.text]));
  const queue = [...seen.keys()];
  while (queue.length) {
    const path = queue.pop()!;
    for (const match of blankComments(seen.get(path)!).matchAll(/\bfrom\s*['"](\.\.?\/[^'"\n]+)['"]/g)) {
      const target = join(path, '..', match[1]!);
      if (!seen.has(target) && existsSync(join(ROOT, target))) {
        seen.set(target, readFileSync(join(ROOT, target), 'utf8'));
        queue.push(target);
      }
    }
  }
  return [...seen].map(([path, text]) => ({ path, text }));
}

/** Whether a declared dependency is imported, named (a loader or preset), typed for, or run. */
function usesOf(pkg: RepositoryPackage): (name: string) => boolean {
  const files = reachableFiles(pkg);
  const imported = new Set(files.flatMap((file) => importsOf(file.text)));
  const literals = new Set(files.flatMap((file) => [...file.text.matchAll(/['"]([@\w][\w@./-]*)['"]/g)].map((m) => m[1]!)));
  const commands = [...Object.values(pkg.manifest.scripts ?? {}), ...pkg.scripts].join('\n');
  const named = (name: string) => literals.has(name) || [...literals].some((literal) => literal.startsWith(`${name}/`));
  const runs = (name: string) =>
    [name, ...binariesOf(name)].some((command) =>
      new RegExp(`(^|[\\s/"'])${command.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}(?=[\\s"']|$)`, 'm').test(commands),
    );
  // A package that reads the roster loads the roster's services by the package names it lists.
  const loaded = (name: string) => imported.has('@civic/roster') && SERVICE_ROSTER.some((entry) => entry.package === name);
  const uses = (name: string): boolean => {
    if (imported.has(name) || named(name) || runs(name) || loaded(name)) return true;
    // @types/x types x; @types/node the built-ins every package uses.
    const typed = name.match(/^@types\/(.+)$/)?.[1];
    if (typed) return typed === 'node' || uses(typed.includes('__') ? `@${typed.replace('__', '/')}` : typed);
    return false;
  };
  return uses;
}

test('every declared dependency is used: imported, named by the build, typed for or run by a script', () => {
  const problems: string[] = [];
  for (const pkg of packages) {
    // A front end declares the toolchain it is built with (webpack, its loaders and presets, Tailwind's
    // PostCSS plugin) so that it can be built alone; those are named inside the bundler's own config.
    if (pkg.dir.startsWith('frontends/')) continue;
    const uses = usesOf(pkg);
    for (const name of declared(pkg)) if (!uses(name)) problems.push(`${pkg.dir || 'the root'}/package.json declares ${name}, which nothing uses`);
  }
  assert.deepEqual(problems, []);
});

test('the scanner reads every form of import, and none in a comment', () => {
  // Written with % for the quote, so this file's own scan does not read the samples as its imports.
  const text = [
    'import a from %alpha%;',
    'import type { B } from %@scope/beta/deep/path%;',
    'export * from \u0022gamma\u0022;',
    'import %delta/register%;',
    'const e = await import(%epsilon%);',
    'const f = require(%zeta%);',
    'declare module %eta% {}',
    'import {\n  h,\n  i,\n} from %theta%;',
    'import { readFile } from %node:fs%; import path from %path%;',
    '// import x from %commented%;',
    '/* import y from %blocked%; */',
    'const url = %http://example.com/%; import z from %iota%;',
  ]
    .join('\n')
    .replaceAll('%', "'");
  assert.deepEqual(importsOf(text).sort(), ['@scope/beta', 'alpha', 'delta', 'epsilon', 'eta', 'gamma', 'iota', 'theta', 'zeta']);
});
