// Keys of /mf/remotes.json and the container names the remotes' builds declare: one per area of the
// roster (@civic/roster). Container names are prefixed because a remote container becomes a global of that name.
import { FRONTEND_AREAS, type FrontendArea } from '@civic/roster';

export const REMOTE_CONTAINERS = Object.fromEntries(FRONTEND_AREAS.map((area) => [area, `civic_${area}`])) as {
  readonly [A in FrontendArea]: `civic_${A}`;
};

export type RemoteName = keyof typeof REMOTE_CONTAINERS;
