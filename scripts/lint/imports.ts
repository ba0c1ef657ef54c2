// The import graph's rules, checked by `npm run lint`: no module reaches itself through its imports
// (type-only and dynamic imports count too), and no import crosses a forbidden boundary (infra/ never
// reaches into scripts/). dpdm parses the files and resolves workspace packages to their sources.
import { parseCircular, parseDependencyTree } from 'dpdm';

/** Files under `from` (a path prefix from the root) must not import files under `to`. */
export interface Boundary {
  from: string;
  to: string;
}

export interface ImportReport {
  /** Each cycle as the files along it, relative to the root. */
  cycles: string[][];
  crossings: { issuer: string; target: string; boundary: Boundary }[];
}

const SKIPPED = /node_modules/;

export async function checkImports(root: string, globs: string[], boundaries: readonly Boundary[]): Promise<ImportReport> {
  // With a context, the tree's paths are relative to it.
  const tree = await parseDependencyTree(globs, { cwd: root, context: root, exclude: SKIPPED, transform: false, skipDynamicImports: false });
  const crossings: ImportReport['crossings'] = [];
  for (const [issuer, dependencies] of Object.entries(tree)) {
    for (const { id } of dependencies ?? []) {
      if (id === null) continue;
      const boundary = boundaries.find((b) => issuer.startsWith(b.from) && id.startsWith(b.to));
      if (boundary) crossings.push({ issuer, target: id, boundary });
    }
  }
  return { cycles: parseCircular(tree), crossings };
}
