// The tab in the address, kept in step with navigation (single-spa's routing event after every
// pushState, popstate for back and forward), so the Settings link and the back button both work.
import { navigateTo } from '@civic/frontend-kit';
import { useSyncExternalStore } from 'react';
import { type NetworkTab, networkHref, tabFromSearch } from './network-tab.ts';

const ROUTE_EVENTS = ['popstate', 'single-spa:routing-event'] as const;

function subscribe(listener: () => void): () => void {
  for (const name of ROUTE_EVENTS) window.addEventListener(name, listener);
  return () => {
    for (const name of ROUTE_EVENTS) window.removeEventListener(name, listener);
  };
}

const readSearch = () => window.location.search;

export function useNetworkTab(): [NetworkTab, (tab: NetworkTab) => void] {
  const tab = tabFromSearch(useSyncExternalStore(subscribe, readSearch, readSearch));
  return [tab, (next) => navigateTo(networkHref(next))];
}
