// A clock that runs with real time but can be moved ahead, for tests that must get past a waiting
// period (e.g. the 30 s between two codes to one address) without sleeping.
import type { Clock } from '@civic/service-kit';

export class SteppingClock implements Clock {
  #offsetMs = 0;
  now(): Date {
    return new Date(Date.now() + this.#offsetMs);
  }
  skip(ms: number): void {
    this.#offsetMs += ms;
  }
}
