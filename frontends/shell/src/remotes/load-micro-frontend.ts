// Typed wrappers over the federation runtime: a remote's module type comes from the remote's
// own source (type-only import), so a changed export breaks the shell's type check, not the page.
import { loadRemote } from '@module-federation/enhanced/runtime';
import type * as AdminLifecycles from '@civic/frontend-admin/lifecycles';
import type * as BriefingLifecycles from '@civic/frontend-briefing/lifecycles';
import type * as DashboardLifecycles from '@civic/frontend-dashboard/lifecycles';
import type * as LandingLifecycles from '@civic/frontend-landing/lifecycles';
import type * as NetworkLifecycles from '@civic/frontend-network/lifecycles';
import type * as PrioritiesLifecycles from '@civic/frontend-priorities/lifecycles';
import type * as ProfileLifecycles from '@civic/frontend-profile/lifecycles';
import type * as SettingsLifecycles from '@civic/frontend-settings/lifecycles';
import { REMOTE_CONTAINERS, type RemoteName } from './remote-names.ts';

interface RemoteModules {
  landing: typeof LandingLifecycles;
  dashboard: typeof DashboardLifecycles;
  priorities: typeof PrioritiesLifecycles;
  profile: typeof ProfileLifecycles;
  settings: typeof SettingsLifecycles;
  briefing: typeof BriefingLifecycles;
  network: typeof NetworkLifecycles;
  admin: typeof AdminLifecycles;
}

export async function loadMicroFrontend<Name extends RemoteName>(name: Name): Promise<RemoteModules[Name]> {
  const module = await loadRemote<RemoteModules[Name]>(`${REMOTE_CONTAINERS[name]}/lifecycles`);
  if (!module) throw new Error(`Micro-frontend "${name}" did not load`);
  return module;
}

const isRemoteName = (name: string): name is RemoteName => Object.hasOwn(REMOTE_CONTAINERS, name);

/**
 * What one area reuses from another (the dashboard shows the priorities area's list): handed to the
 * kit at start (provideRemoteModuleLoader), so every area loads through this one registry of remotes.
 */
export async function loadExposedModule(area: string, exposed: string): Promise<unknown> {
  if (!isRemoteName(area)) throw new Error(`No micro-frontend is called "${area}"`);
  const module = await loadRemote(`${REMOTE_CONTAINERS[area]}/${exposed.replace(/^\.\//, '')}`);
  if (!module) throw new Error(`${area}/${exposed} did not load`);
  return module;
}
