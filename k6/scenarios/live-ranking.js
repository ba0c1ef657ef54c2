// @ts-check
// Live-ranking viewers (signed in: the stream is for citizens, at most 5 open per citizen by default,
// so K6_CITIZENS should be at least a fifth of the viewers open at once): each opens the ranking's event stream and keeps it open for K6_STREAM_HOLD.
// k6 has no EventSource, so a viewer is a GET whose timeout is the hold: a request that times out
// (status 0, error code 1050) was a stream held open the whole time, which is what it measures (the
// gateway admitting and keeping streams), not the events' delivery (`npm run bench:priorities` does).
// A 429 or 503 is a refused viewer; a 200 is a stream the server ended early.
import { send } from '../lib/api.js';
import { STREAM_HOLD } from '../lib/config.js';
import { streamsHeld } from '../lib/metrics.js';
import { anyCitizen } from '../lib/sessions.js';

const TIMED_OUT = 1050;

export function liveRanking() {
  const response = send('GET', '/api/priorities/stream', {
    name: 'GET /api/priorities/stream',
    citizen: anyCitizen(),
    expect: [0, 200],
    timeout: STREAM_HOLD,
    headers: { Accept: 'text/event-stream' },
  });
  streamsHeld.add(response.status === 0 && response.error_code === TIMED_OUT);
}
