// Live rankings (spec 1, issue 4): while a priorities list is on screen the page listens to
// /api/priorities/stream and refetches the lists when a tally changes or a priority is created,
// at most a few times a second however many votes arrive. One EventSource serves every list.
import type { PRIORITY_STREAM_EVENTS as ContractStreamEvents } from '@civic/contracts/priorities/http';
import { useEffect } from 'react';
import { reconnectDelayMs } from './live-reconnect.ts';
import { PRIORITY_STREAM_PATH, refetchPriorityLists } from './priority-queries.ts';

// The contract's event names, checked against it by type: its module brings zod, which stays out of the browser.
const PRIORITY_STREAM_EVENTS: typeof ContractStreamEvents = { tally: 'tally', created: 'created' };

/** At most 4 refetches a second: the first event refetches at once, later ones are gathered. */
export const LIVE_REFETCH_INTERVAL_MS = 250;
let subscribers = 0;
/** Refusals in a row (a 401, a 429 over the stream limits, a restart); reset when a stream opens. */
let failures = 0;
let source: EventSource | null = null;
let reconnectTimer: ReturnType<typeof setTimeout> | null = null;
let refetchTimer: ReturnType<typeof setTimeout> | null = null;
let lastRefetchAt = 0;
let missedEvents = false;
/** A refetch is on its way; events meanwhile wait for it instead of cancelling it (a slow list
 *  under a steady stream of votes would otherwise be restarted forever and never arrive). */
let refetching = false;
let changedWhileRefetching = false;

function refetchSoon(): void {
  if (refetching) {
    changedWhileRefetching = true;
    return;
  }
  if (refetchTimer) return;
  const wait = Math.max(0, lastRefetchAt + LIVE_REFETCH_INTERVAL_MS - Date.now());
  refetchTimer = setTimeout(() => {
    refetchTimer = null;
    lastRefetchAt = Date.now();
    refetching = true;
    changedWhileRefetching = false;
    void refetchPriorityLists({ cancelRefetch: false }).finally(() => {
      refetching = false;
      if (changedWhileRefetching && subscribers > 0) refetchSoon();
    });
  }, wait);
}

function open(): void {
  const stream = new EventSource(PRIORITY_STREAM_PATH, { withCredentials: true });
  source = stream;
  stream.addEventListener(PRIORITY_STREAM_EVENTS.tally, refetchSoon);
  stream.addEventListener(PRIORITY_STREAM_EVENTS.created, refetchSoon);
  stream.addEventListener('open', () => {
    failures = 0;
    // Votes cast while the stream was down were never announced: catch up once.
    if (missedEvents) refetchSoon();
    missedEvents = false;
  });
  stream.addEventListener('error', () => {
    missedEvents = true;
    // CONNECTING: the browser retries by itself. CLOSED: it gave up (a non-200 answer), so we
    // retry, later each time (live-reconnect.ts).
    if (stream.readyState !== EventSource.CLOSED || source !== stream) return;
    source = null;
    failures += 1;
    reconnectTimer = setTimeout(() => {
      reconnectTimer = null;
      if (subscribers > 0 && !source) open();
    }, reconnectDelayMs(failures));
  });
}

function close(): void {
  source?.close();
  source = null;
  if (reconnectTimer) clearTimeout(reconnectTimer);
  reconnectTimer = null;
  if (refetchTimer) clearTimeout(refetchTimer);
  refetchTimer = null;
  missedEvents = false;
  changedWhileRefetching = false;
  failures = 0;
}

/** Subscribes to the live stream while the calling component is mounted. */
export function useLivePriorities(): void {
  useEffect(() => {
    subscribers += 1;
    if (subscribers === 1) open();
    return () => {
      subscribers -= 1;
      if (subscribers === 0) close();
    };
  }, []);
}
