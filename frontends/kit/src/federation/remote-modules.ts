// A micro-frontend reuses what another one exposes through the page's one federation runtime, which
// the shell sets up (it alone knows where each remote is, from /mf/remotes.json). The kit, a page
// singleton, only carries the shell's loader, so an area needs no federation configuration of its own.
// Type safety is the consumer's typed wrapper (a type-only import of the exposing area's module).

/** Loads module `exposed` ("./shared") of micro-frontend `area` ("priorities"). */
export type RemoteModuleLoader = (area: string, exposed: string) => Promise<unknown>;

let loader: RemoteModuleLoader | undefined;

/** Called once by the shell at start, before any area mounts. */
export function provideRemoteModuleLoader(load: RemoteModuleLoader): void {
  loader = load;
}

export async function loadRemoteModule<T>(area: string, exposed: string): Promise<T> {
  if (!loader) throw new Error(`Cannot load ${area}/${exposed}: the shell has not provided the micro-frontend loader`);
  return (await loader(area, exposed)) as T;
}
