// The gateway's bounds on live event streams (issue 14 item 5), through the whole stack on both
// profiles: open streams are capped per user, per client network and in all (429 / 503 with a
// message), a closed stream frees its place, and a stream ends within seconds of its session
// (logout, account deletion), while other users' streams stay.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ApiClient } from '../../test/support/api-client.ts';
import { profilePlan } from '../../test/support/infrastructure.ts';
import { startStack, type Stack } from '../../test/support/stack.ts';
import { liveRankingsOf } from '../../services/priorities/src/app.ts';
import {
  openRankingsStream,
  pollUntil,
  signInCitizen,
  TEST_ENV,
  type Citizen,
  type RankingsStream,
} from '../../services/priorities/test/support/priorities-helpers.ts';

const LIMITS = { STREAM_LIMIT_PER_USER: '2', STREAM_LIMIT_PER_NETWORK: '3', STREAM_LIMIT_TOTAL: '5', STREAM_SESSION_CHECK_MS: '100' };

/** The same signed-in browser seen from another client address (another network). */
function fromAddress(citizen: Citizen, ip: string): ApiClient {
  const client = new ApiClient(citizen.client.baseUrl, ip);
  for (const [name, value] of citizen.client.cookies) client.cookies.set(name, value);
  return client;
}

/** A refused stream's JSON answer. */
async function refusalOf(stream: RankingsStream): Promise<{ code: string; message: string }> {
  await stream.ended;
  return JSON.parse(stream.received()) as { code: string; message: string };
}

/** Resolves when the stream has ended, or fails after `ms`. */
async function endsWithin(stream: RankingsStream, ms: number, what: string): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: the stream was still open after ${ms} ms`)), ms);
  });
  try {
    await Promise.race([stream.ended, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

for (const { profile, skip } of await profilePlan()) {
  describe(`live stream limits (${profile})`, { skip }, () => {
    let stack: Stack;
    const opened: RankingsStream[] = [];
    const open = async (client: ApiClient, path?: string) => {
      const stream = await openRankingsStream(stack.baseUrl, client, path);
      opened.push(stream);
      return stream;
    };
    const serviceStreams = () => liveRankingsOf(stack.platforms.priorities!)!.openStreams;
    const closeAll = async () => {
      for (const stream of opened.splice(0)) stream.close();
      await pollUntil(
        async () => serviceStreams(),
        (n) => n === 0,
      );
    };

    before(async () => {
      stack = await startStack(profile, { env: { ...TEST_ENV, ...LIMITS } });
    });
    after(async () => {
      for (const stream of opened) stream.close();
      await stack?.close();
    });

    test('per user, per network and in all: refused with a message; a closed stream frees its place', async () => {
      const [first, second, third] = await Promise.all([1, 2, 3].map((n) => signInCitizen(stack, `Limited${n}`, 'Streamer')));
      const network = first!.client.ip;
      try {
        assert.equal((await open(first!.client)).status, 200);
        const kept = await open(first!.client);
        assert.equal(kept.status, 200);
        const overUser = await open(first!.client);
        assert.equal(overUser.status, 429);
        assert.deepEqual(await refusalOf(overUser), {
          code: 'GATEWAY_TOO_MANY_STREAMS',
          message: 'Too many live streams open. Close another tab and try again.',
        });
        // Other spellings of the path are the same route (counted), or no stream at all.
        for (const path of [
          '/api/priorities/%73tream',
          '/api/%70riorities/stream',
          '/api/priorities/./stream',
          '/api/priorities/stream/',
          '/api/priorities//stream',
          '/api/priorities/stream;x',
        ]) {
          const variant = await open(first!.client, path);
          assert.ok(variant.status >= 400 && variant.status < 500, `${path}: ${variant.status}`);
          assert.doesNotMatch(variant.contentType ?? '', /event-stream/, path);
        }

        // Another user on the same network: the network has room for one more.
        const neighbour = fromAddress(second!, network);
        assert.equal((await open(neighbour)).status, 200);
        const overNetwork = await open(neighbour);
        assert.equal(overNetwork.status, 429);
        assert.equal((await refusalOf(overNetwork)).message, 'Too many live streams open from your network. Close another tab and try again.');

        // Elsewhere, a user still gets streams until the gateway holds its total.
        assert.equal((await open(third!.client)).status, 200);
        assert.equal((await open(third!.client)).status, 200);
        const overTotal = await open(fromAddress(second!, '10.250.0.1'));
        assert.equal(overTotal.status, 503);
        assert.equal((await refusalOf(overTotal)).code, 'GATEWAY_STREAMS_FULL');
        await pollUntil(
          async () => serviceStreams(),
          (n) => n === 5,
        );

        // A stream that goes frees its place for the same user.
        kept.close();
        const again = await pollUntil(
          () => open(first!.client),
          (stream) => stream.status === 200,
          5000,
        );
        assert.equal(again.status, 200);
      } finally {
        await closeAll();
      }
    });

    test("signing out ends the stream within seconds; another user's stream stays", async () => {
      const leaving = await signInCitizen(stack, 'Logout', 'Streamer');
      const staying = await signInCitizen(stack, 'Staying', 'Streamer');
      try {
        const stream = await open(leaving.client);
        const other = await open(staying.client);
        assert.equal(stream.status, 200);
        assert.equal(other.status, 200);
        await pollUntil(
          async () => serviceStreams(),
          (n) => n === 2,
        );
        const loggedOut = await leaving.client.request('POST', '/api/auth/logout', { body: {} });
        assert.ok(loggedOut.status < 300, loggedOut.text);
        await endsWithin(stream, 3000, 'after logout');
        await pollUntil(
          async () => serviceStreams(),
          (n) => n === 1,
          3000,
        );
        // Several checks later the other user's stream is still served.
        await pollUntil(
          async () => other.comments,
          (c) => c.includes('connected'),
        );
        await new Promise((resolve) => setTimeout(resolve, 500));
        assert.equal(serviceStreams(), 1);
      } finally {
        await closeAll();
      }
    });

    test('deleting the account ends its streams within seconds', async () => {
      const deleting = await signInCitizen(stack, 'Deleting', 'Streamer');
      try {
        const streams = [await open(deleting.client), await open(fromAddress(deleting, '10.251.0.1'))];
        assert.deepEqual(
          streams.map((s) => s.status),
          [200, 200],
        );
        const deleted = await deleting.client.request('DELETE', '/api/account', { body: { confirmation: 'DELETE' } });
        assert.equal(deleted.status, 200, deleted.text);
        for (const stream of streams) await endsWithin(stream, 3000, 'after account deletion');
        await pollUntil(
          async () => serviceStreams(),
          (n) => n === 0,
          3000,
        );
      } finally {
        await closeAll();
      }
    });
  });
}
