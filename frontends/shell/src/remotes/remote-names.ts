// Keys of /mf/remotes.json and the container names the remotes' builds declare.
// Container names are prefixed because a remote container becomes a global of that name.
export const REMOTE_CONTAINERS = {
  landing: 'civic_landing',
  dashboard: 'civic_dashboard',
  priorities: 'civic_priorities',
  profile: 'civic_profile',
  settings: 'civic_settings',
  briefing: 'civic_briefing',
  network: 'civic_network',
  admin: 'civic_admin',
} as const;

export type RemoteName = keyof typeof REMOTE_CONTAINERS;
