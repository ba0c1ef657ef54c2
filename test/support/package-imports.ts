// What each package of the repository imports, read from its source: every workspace of the root
// package.json, and the root itself for the files no workspace holds (test/, scripts/, bench/, infra/).
// TypeScript 7 has no compiler API in JavaScript, so imports are read by a scanner: comments are
// blanked first (string literals kept), then static imports and re-exports, side-effect imports,
// dynamic import() and require(), and `declare module` augmentations are collected.
import { builtinModules } from 'node:module';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

const SOURCE = /\.(?:ts|tsx|mts|cts|mjs|cjs|js|css)$/;
const SKIP_DIRS = new Set(['node_modules', 'dist', '.git', 'data', '.tmp', 'coverage']);
const BUILTINS = new Set(builtinModules.flatMap((name) => [name, name.replace(/^node:/, '')]));

export interface PackageJson {
  name?: string;
  workspaces?: string[];
  scripts?: Record<string, string>;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}

export interface SourceFile {
  /** Path from the repository root, with forward slashes. */
  path: string;
  text: string;
  /** Bare specifiers' package names, e.g. "@electric-sql/pglite" for "@electric-sql/pglite/contrib/pg_trgm". */
  imports: string[];
}

export interface RepositoryPackage {
  /** The package's folder from the repository root ('' for the root). */
  dir: string;
  manifest: PackageJson;
  files: SourceFile[];
  /** The shell scripts of the package (commands run its dependencies' binaries by name). */
  scripts: string[];
}

/** Comments become spaces (so positions and line breaks stay), string and template literals stay. */
export function blankComments(text: string): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    const next = text[i + 1];
    if (c === '/' && next === '/') {
      while (i < text.length && text[i] !== '\n') (out += ' '), i++;
    } else if (c === '/' && next === '*') {
      const end = text.indexOf('*/', i + 2);
      const stop = end === -1 ? text.length : end + 2;
      out += text.slice(i, stop).replace(/[^\n]/g, ' ');
      i = stop;
    } else if (c === '"' || c === "'" || c === '`') {
      // A literal, escapes included, copied as it is (a "//" in a URL is no comment).
      let j = i + 1;
      while (j < text.length && text[j] !== c && !(c !== '`' && text[j] === '\n')) j += text[j] === '\\' ? 2 : 1;
      out += text.slice(i, j + 1);
      i = j + 1;
    } else {
      out += c;
      i++;
    }
  }
  return out;
}

// Each pattern is anchored on a keyword and reads no more than one specifier; `[^'"\n]` cannot run
// past the literal's end.
const SPECIFIER_PATTERNS = [
  /\bfrom\s*['"]([^'"\n]+)['"]/g,
  /(?:^|[;\n])\s*import\s*['"]([^'"\n]+)['"]/g,
  /\bimport\s*\(\s*['"]([^'"\n]+)['"]\s*\)/g,
  /\brequire\s*\(\s*['"]([^'"\n]+)['"]\s*\)/g,
  /\bdeclare\s+module\s+['"]([^'"\n]+)['"]/g,
  // A stylesheet's @import "tailwindcss".
  /@import\s+['"]([^'"\n]+)['"]/g,
];

/** The package a bare specifier names, or null for a relative path, an absolute one or a built-in. */
export function packageOf(specifier: string): string | null {
  if (specifier.startsWith('.') || specifier.startsWith('/') || specifier.startsWith('node:') || BUILTINS.has(specifier)) return null;
  const parts = specifier.split('/');
  const name = specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
  return BUILTINS.has(name) ? null : name;
}

export function importsOf(text: string): string[] {
  const code = blankComments(text);
  const found = new Set<string>();
  for (const pattern of SPECIFIER_PATTERNS) {
    for (const match of code.matchAll(pattern)) {
      const name = packageOf(match[1]!);
      if (name) found.add(name);
    }
  }
  return [...found];
}

function walk(root: string, dir: string, exclude: Set<string>, found: { sources: string[]; shells: string[] }) {
  for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
    const path = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) {
      if (!SKIP_DIRS.has(entry.name) && !entry.name.startsWith('.') && !exclude.has(path)) walk(root, path, exclude, found);
    } else if (SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts')) found.sources.push(path);
    else if (entry.name.endsWith('.sh')) found.shells.push(path);
  }
}

/** The root package and every workspace, each with the source files that belong to it. */
export function readRepositoryPackages(root: string): RepositoryPackage[] {
  const rootManifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as PackageJson;
  const workspaces = rootManifest.workspaces ?? [];
  return ['', ...workspaces].map((dir) => {
    const manifest = JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8')) as PackageJson;
    const found = { sources: [] as string[], shells: [] as string[] };
    walk(root, dir, new Set(dir === '' ? workspaces : []), found);
    const read = (path: string) => readFileSync(join(root, path), 'utf8');
    const files = found.sources.map((path) => {
      const text = read(path);
      return { path: relative(root, join(root, path)).split(sep).join('/'), text, imports: importsOf(text) };
    });
    return { dir, manifest, files, scripts: found.shells.map(read) };
  });
}
