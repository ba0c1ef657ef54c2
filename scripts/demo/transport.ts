// What `npm run seed:demo` needs from the application it fills, whichever way it reaches it:
// in-process (in-process.ts: the embedded profile's DATA_DIR, the services mounted here) or over
// HTTP (over-http.ts: a running deployment's gateway). The citizens' steps (citizen-steps.ts) are
// the same for both.
import type { Browser } from './browser.ts';
import type { DemoPlan, PlannedCitizen } from './plan.ts';

export interface SignedIn {
  browser: Browser;
  userId: string;
  /** Whether this sign-in made the account (false: it was there from an earlier run). */
  created: boolean;
}

/** What the seed made or found: the plan, and the ids the application gave its items. */
export interface SeededDemo {
  plan: DemoPlan;
  browsers: Browser[];
  /** Citizen index -> user id. */
  userIds: string[];
  /** Planned priority index -> priority id. */
  priorityIds: string[];
}

export interface DemoTransport {
  /** Where it writes, for the progress lines. */
  readonly target: string;
  /**
   * A browser signed in as `citizen`, through the real sign-in flow when the account is new;
   * `recruiterId` is the user id of the citizen whose invitation link brought it.
   */
  signIn(citizen: PlannedCitizen, recruiterId: string | undefined): Promise<SignedIn>;
  /** After the writes: what the application would otherwise do later on a timer of its own, if it can be asked to now. */
  afterWrites(): Promise<void>;
  /** Waits until the events of the writes are delivered (credits, counts, activities, read models). */
  settle(seeded: SeededDemo, timeoutMs: number): Promise<void>;
  close(): Promise<void>;
}
