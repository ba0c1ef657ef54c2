// Client-side navigation without importing single-spa: the root config patches
// history.pushState, so a plain pushState makes it re-route (and fire its routing events).
export function navigateTo(url: string): void {
  if (url === window.location.pathname + window.location.search) return;
  window.history.pushState(null, '', url);
}
