// Which part of the Network page the address asks for: `?tab=blocked` is the blocked-users view
// (spec 2.1, linked from Settings); `following` and `followers` open those tabs; anything else Discover.
export const NETWORK_TABS = ['discover', 'following', 'followers', 'blocked'] as const;
export type NetworkTab = (typeof NETWORK_TABS)[number];

export function tabFromSearch(search: string): NetworkTab {
  const tab = new URLSearchParams(search).get('tab');
  return (NETWORK_TABS as readonly string[]).includes(tab ?? '') ? (tab as NetworkTab) : 'discover';
}

export const networkHref = (tab: NetworkTab) => (tab === 'discover' ? '/network' : `/network?tab=${tab}`);
