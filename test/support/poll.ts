// Waiting for what happens asynchronously (an event consumed, a read model updated) without sleeping
// a fixed time: read until the answer is the expected one, or fail with the last answer.
import assert from 'node:assert/strict';

/** Calls `read` until `done` holds for its answer, or fails after `timeoutMs`. */
export async function pollUntil<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 8000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) assert.fail(`condition not met within ${timeoutMs} ms; last answer: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
