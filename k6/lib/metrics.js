// @ts-check
// The run's own metrics, next to k6's http_req_* ones: what the thresholds count besides latency.
import { Counter, Rate } from 'k6/metrics';

/** One sample per response, 1 for a 5xx: the target is none at all. */
export const serverErrors = new Counter('server_errors');
/** Per response: its status was not one its request expects (also visible as http_req_failed). */
export const unexpectedResponses = new Rate('unexpected_responses');
/** Sign-in mails the budgets refused (429): the budgets at work, not a failure. */
export const signInRefused = new Counter('sign_in_refused');
/** Promotions charged, and those refused for want of political capital (409). */
export const promotionsApplied = new Counter('promotions_applied');
export const promotionsRefused = new Counter('promotions_refused');
/** Per live-ranking viewer: the stream stayed open for the whole hold. */
export const streamsHeld = new Rate('streams_held');
