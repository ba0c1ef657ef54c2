// Keys of /mf/remotes.json and the container names the remotes' builds declare: one per area of the
// roster (@civic/roster). Container names are prefixed because a remote container becomes a global of that name.
// The areas module alone: the service list has no place in a browser bundle.
import { FRONTEND_AREAS, type FrontendArea } from '@civic/roster/areas';

export const REMOTE_CONTAINERS = Object.fromEntries(FRONTEND_AREAS.map((area) => [area, `civic_${area}`])) as {
  readonly [A in FrontendArea]: `civic_${A}`;
};

export type RemoteName = keyof typeof REMOTE_CONTAINERS;
