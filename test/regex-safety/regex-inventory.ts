// Every regular expression the server side holds, found rather than listed, so that a pattern added
// tomorrow is checked by the regex-safety tests without anyone remembering to name it:
// - in the source of contracts/, services/*/src and gateway/src, read with the TypeScript compiler:
//   regex literals, `RegExp(...)`/`new RegExp(...)` and `.match`/`.matchAll`/`.search` with a string
//   (which JavaScript turns into a regex);
// - the patterns zod's own formats bring (`.uuid()`, `z.iso.datetime()`...), which are in no source
//   file of ours: for every such call in the source, and in every zod schema contracts/ exports.
// A regex built from something other than a literal cannot be checked here and is reported as such.
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  isCallExpression,
  isIdentifier,
  isNewExpression,
  isNoSubstitutionTemplateLiteral,
  isPropertyAccessExpression,
  isRegularExpressionLiteral,
  isStringLiteral,
} from 'typescript/unstable/ast/is';
import type { Expression, Node, SourceFile } from 'typescript/unstable/ast';
import { API } from 'typescript/unstable/sync';
import { z } from 'zod';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface FoundRegex {
  regex: RegExp;
  /** Where it was found: `file:line`, or the contracts export whose schema carries it. */
  places: string[];
}

export interface RegexInventory {
  regexes: FoundRegex[];
  /** `file:line` of each regex built at run time from something other than a literal. */
  unchecked: string[];
}

/** The server-side source folders: what runs on input from clients, other services or the environment. */
export function serverSourceFiles(): string[] {
  const dirs = [join(ROOT, 'contracts/src'), join(ROOT, 'gateway/src')];
  for (const service of readdirSync(join(ROOT, 'services'), { withFileTypes: true })) {
    if (service.isDirectory()) dirs.push(join(ROOT, 'services', service.name, 'src'));
  }
  const files: string[] = [];
  for (const dir of dirs) {
    let entries: string[];
    try {
      entries = readdirSync(dir, { recursive: true, encoding: 'utf8' });
    } catch {
      continue; // a service without src/ (yet)
    }
    for (const entry of entries) {
      // A unit test kept beside its source (contracts/src/**/*.test.ts) reads no input, and importing it to
      // collect zod formats would register its tests inside this file's run.
      if (/\.tsx?$/.test(entry) && !entry.endsWith('.d.ts') && !/\.test\.tsx?$/.test(entry)) files.push(join(dir, entry));
    }
  }
  return files.sort();
}

const STRING_TO_REGEX_METHODS = new Set(['match', 'matchAll', 'search']);

/** zod's string formats that test a pattern of zod's: `z.email()`, `z.string().email()`, `z.iso.date()`... */
const ZOD_FORMATS: Record<string, () => unknown> = {
  ...Object.fromEntries(
    [
      'uuid',
      'guid',
      'email',
      'emoji',
      'nanoid',
      'cuid',
      'cuid2',
      'ulid',
      'xid',
      'ksuid',
      'ipv4',
      'ipv6',
      'cidrv4',
      'cidrv6',
      'base64',
      'base64url',
      'e164',
      'hostname',
      'hex',
      'mac',
    ].map((name) => [name, () => (z as unknown as Record<string, () => unknown>)[name]!()]),
  ),
  datetime: () => z.iso.datetime(),
  date: () => z.iso.date(),
  time: () => z.iso.time(),
  duration: () => z.iso.duration(),
};

function literalText(node: Expression | undefined): string | undefined {
  if (node && (isStringLiteral(node) || isNoSubstitutionTemplateLiteral(node))) return node.text;
  return undefined;
}

/** Regex literals and regexes made from strings in one parsed file. */
function regexesOfFile(sourceFile: SourceFile, found: (regex: RegExp, place: string) => void, unchecked: (place: string) => void) {
  const file = relative(ROOT, sourceFile.fileName);
  const placeOf = (node: Node) => `${file}:${sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile)).line + 1}`;
  const visit = (node: Node): void => {
    if (isRegularExpressionLiteral(node)) {
      const end = node.text.lastIndexOf('/');
      found(new RegExp(node.text.slice(1, end), node.text.slice(end + 1)), placeOf(node));
    } else if ((isNewExpression(node) || isCallExpression(node)) && isIdentifier(node.expression) && node.expression.text === 'RegExp') {
      const [pattern, flags] = node.arguments ?? [];
      const source = literalText(pattern);
      const flagText = flags === undefined ? '' : literalText(flags);
      if (source !== undefined && flagText !== undefined) found(new RegExp(source, flagText), placeOf(node));
      // RegExp(/literal/, flags) is checked as its literal; anything else is built at run time.
      else if (!(pattern && isRegularExpressionLiteral(pattern))) unchecked(placeOf(node));
    } else if (isCallExpression(node) && isPropertyAccessExpression(node.expression) && STRING_TO_REGEX_METHODS.has(node.expression.name.text)) {
      const source = literalText(node.arguments[0]);
      if (source !== undefined) found(new RegExp(source, node.expression.name.text === 'matchAll' ? 'g' : ''), placeOf(node));
    } else if (isCallExpression(node) && isPropertyAccessExpression(node.expression) && Object.hasOwn(ZOD_FORMATS, node.expression.name.text)) {
      // Probably zod (a same-named method elsewhere only adds a pattern to check).
      const name = node.expression.name.text;
      collectFromValue(ZOD_FORMATS[name]!(), `${placeOf(node)} (zod .${name}())`, found, new Set());
    }
    node.forEachChild(visit);
  };
  visit(sourceFile);
}

/**
 * Parses the files with the TypeScript compiler (tsgo, over its API) and walks each syntax tree. The
 * program is these files alone, without resolving imports or loading type libraries: only syntax is
 * needed, and it is 4 times faster than opening tsconfig.json's whole program.
 */
function collectFromSource(files: readonly string[], found: (regex: RegExp, place: string) => void, unchecked: (place: string) => void): void {
  const dir = mkdtempSync(join(tmpdir(), 'civic-regex-inventory-'));
  const config = join(dir, 'tsconfig.json');
  writeFileSync(
    config,
    JSON.stringify({ compilerOptions: { noResolve: true, noLib: true, types: [], allowImportingTsExtensions: true, noEmit: true }, files }),
  );
  const api = new API({ cwd: ROOT });
  try {
    const snapshot = api.updateSnapshot({ openProjects: [config] });
    const program = snapshot.getProjects()[0]?.program;
    if (!program) throw new Error('the file list opened no project');
    for (const file of files) {
      const sourceFile = program.getSourceFile(file);
      if (!sourceFile) throw new Error(`${relative(ROOT, file)} could not be parsed, so its regexes cannot be read`);
      regexesOfFile(sourceFile, found, unchecked);
    }
    snapshot.dispose();
  } finally {
    api.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Every RegExp reachable from a value: zod schemas (through their definitions), objects, arrays. */
function collectFromValue(value: unknown, place: string, found: (regex: RegExp, place: string) => void, seen: Set<object>): void {
  if (value === null || typeof value !== 'object' || seen.has(value)) return;
  seen.add(value);
  if (value instanceof RegExp) return found(value, place);
  const zod = (value as { _zod?: { def?: unknown } })._zod;
  if (zod) return collectFromValue(zod.def, place, found, seen);
  for (const item of Array.isArray(value) ? value : Object.values(value)) collectFromValue(item, place, found, seen);
}

async function collectFromContracts(files: readonly string[], found: (regex: RegExp, place: string) => void): Promise<void> {
  const seen = new Set<object>();
  for (const file of files.filter((f) => relative(ROOT, f).startsWith('contracts'))) {
    const exports = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
    for (const [name, value] of Object.entries(exports)) collectFromValue(value, `${relative(ROOT, file)} export ${name}`, found, seen);
  }
}

/** The inventory, each distinct regex (pattern and flags) once, with every place it was seen. */
export async function collectServerRegexes(): Promise<RegexInventory> {
  const byKey = new Map<string, FoundRegex>();
  const unchecked: string[] = [];
  const found = (regex: RegExp, place: string) => {
    const key = `/${regex.source}/${regex.flags}`;
    const entry = byKey.get(key);
    if (entry) entry.places.push(place);
    else byKey.set(key, { regex, places: [place] });
  };
  const files = serverSourceFiles();
  collectFromSource(files, found, (place) => unchecked.push(place));
  await collectFromContracts(files, found);
  return { regexes: [...byKey.values()], unchecked };
}
