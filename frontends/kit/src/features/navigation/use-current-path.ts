import { useSyncExternalStore } from 'react';

// single-spa fires its routing event after every re-route; popstate covers back/forward.
const ROUTE_EVENTS = ['popstate', 'single-spa:routing-event'] as const;

function subscribe(listener: () => void): () => void {
  for (const name of ROUTE_EVENTS) window.addEventListener(name, listener);
  return () => {
    for (const name of ROUTE_EVENTS) window.removeEventListener(name, listener);
  };
}

const readPath = () => window.location.pathname;

export function useCurrentPath(): string {
  return useSyncExternalStore(subscribe, readPath, readPath);
}
