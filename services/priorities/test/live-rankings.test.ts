// The live rankings stream (GET /api/priorities/stream) through the gateway on both run profiles:
// a vote anywhere reaches every open stream as a `tally` event, a creation as `created`; idle
// streams get heartbeats; a client that goes closes its stream on the service (through the
// gateway too). Distributed: with two replicas of the priorities service, each behind its own
// gateway, a vote recorded by one replica reaches a stream held by the other.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { ZPriorityCreatedStreamEvent, ZPriorityTallyEvent } from '@civic/contracts';
import { buildServiceProcess } from '@civic/service-kit/testing';
import { startGateway } from '../../../gateway/src/start-gateway.ts';
import { ApiClient } from '../../../test/support/api-client.ts';
import { profilePlan } from '../../../test/support/infrastructure.ts';
import { useStack } from '../../../test/support/integration-suite.ts';
import { liveRankingsOf, prioritiesService } from '../src/app.ts';
import {
  createPriority,
  openRankingsStream,
  pollUntil,
  removeVote,
  setSetting,
  signInCitizen,
  TEST_ENV,
  vote,
  type Citizen,
} from './support/priorities-helpers.ts';

const HEARTBEAT_MS = 300;

/** The same signed-in browser, talking to another gateway (sessions are shared through Redis). */
function sameBrowserAt(baseUrl: string, citizen: Citizen): ApiClient {
  const client = new ApiClient(baseUrl, citizen.client.ip);
  for (const [name, value] of citizen.client.cookies) client.cookies.set(name, value);
  return client;
}

for (const { profile, skip } of await profilePlan()) {
  describe(`live rankings stream (${profile})`, { skip }, () => {
    let author: Citizen;
    let voter: Citizen;
    const openStreams = () => liveRankingsOf(stack.platforms.priorities!)!.openStreams;
    const stack = useStack(profile, {
      services: ['auth', 'account', 'ledger', 'priorities'],
      // One voter opens 150 streams below (the pool test): the gateway's stream limits, tested in
      // gateway/test/live-stream-limits.test.ts, are lifted here.
      env: { ...TEST_ENV, PRIORITIES_STREAM_HEARTBEAT_MS: String(HEARTBEAT_MS), STREAM_LIMIT_PER_USER: '200', STREAM_LIMIT_PER_NETWORK: '200' },
    });
    before(async () => {
      setSetting([stack.platforms.priorities!], 'vote_change_cooldown_hours', '0');
      author = await signInCitizen(stack, 'Stream', 'Author');
      voter = await signInCitizen(stack, 'Stream', 'Voter');
    });

    test('signed out: 401, no stream', async () => {
      const stream = await openRankingsStream(stack.baseUrl, stack.client());
      assert.equal(stream.status, 401);
      stream.close();
    });

    test('a vote reaches an open stream as a tally, a creation as created; heartbeats keep it alive', async () => {
      const priority = await createPriority(author.client, { title: 'Watch this priority live' });
      const watcher = await signInCitizen(stack, 'Stream', 'Watcher');
      const stream = await openRankingsStream(stack.baseUrl, watcher.client);
      try {
        assert.equal(stream.status, 200);
        assert.match(stream.contentType ?? '', /^text\/event-stream/);
        await pollUntil(
          async () => stream.comments,
          (c) => c.includes('connected'),
        );

        const started = Date.now();
        assert.equal((await vote(voter.client, priority.id, 'endorse')).status, 200);
        const tally = await stream.waitFor((e) => e.event === 'tally' && e.data.priorityId === priority.id, 1000);
        assert.ok(Date.now() - started < 1000, 'within a second (issue 4)');
        assert.deepEqual(
          { ...ZPriorityTallyEvent.parse(tally.data), at: undefined },
          { priorityId: priority.id, endorsements: 1, oppositions: 0, promotionBoost: 0, at: undefined },
        );

        await vote(author.client, priority.id, 'oppose');
        await stream.waitFor((e) => e.event === 'tally' && e.data.priorityId === priority.id && e.data.oppositions === 1 && e.data.endorsements === 1);
        await removeVote(voter.client, priority.id);
        await stream.waitFor((e) => e.event === 'tally' && e.data.priorityId === priority.id && e.data.endorsements === 0);

        const created = await createPriority(author.client, { title: 'A priority created while watching' });
        const event = await stream.waitFor((e) => e.event === 'created' && e.data.priorityId === created.id);
        assert.deepEqual(ZPriorityCreatedStreamEvent.parse(event.data), { priorityId: created.id, title: created.title, createdAt: created.createdAt });

        await pollUntil(
          async () => stream.comments.filter((c) => c === 'heartbeat').length,
          (n) => n >= 2,
          3000,
        );
      } finally {
        stream.close();
      }
    });

    test('many votes at once: every stream ends with the final counts', async () => {
      const priority = await createPriority(author.client);
      const crowd = await Promise.all(Array.from({ length: 8 }, (_, i) => signInCitizen(stack, `Crowd${i}`, 'Streamer')));
      const streams = await Promise.all([0, 1, 2].map(() => openRankingsStream(stack.baseUrl, voter.client)));
      try {
        await Promise.all(crowd.map((c) => vote(c.client, priority.id, 'endorse')));
        for (const stream of streams) {
          await stream.waitFor((e) => e.event === 'tally' && e.data.priorityId === priority.id && e.data.endorsements === 8);
        }
      } finally {
        for (const stream of streams) stream.close();
      }
    });

    test('a client that goes closes its stream on the service', async () => {
      await pollUntil(
        async () => openStreams(),
        (n) => n === 0,
      );
      const streams = await Promise.all([0, 1].map(() => openRankingsStream(stack.baseUrl, voter.client)));
      await pollUntil(
        async () => openStreams(),
        (n) => n === 2,
      );
      streams[0]!.close();
      await pollUntil(
        async () => openStreams(),
        (n) => n === 1,
      );
      streams[1]!.close();
      await pollUntil(
        async () => openStreams(),
        (n) => n === 0,
      );
    });

    if (profile === 'distributed') {
      test('streams have their own upstream connections: 150 open streams do not block other calls', async () => {
        const streams = await Promise.all(Array.from({ length: 150 }, () => openRankingsStream(stack.baseUrl, voter.client)));
        try {
          assert.ok(streams.every((s) => s.status === 200));
          await pollUntil(
            async () => openStreams(),
            (n) => n === 150,
          );
          const started = Date.now();
          const answer = await voter.client.get('/api/priorities?limit=5');
          assert.equal(answer.status, 200);
          assert.ok(Date.now() - started < 2000);
        } finally {
          for (const stream of streams) stream.close();
        }
        await pollUntil(
          async () => openStreams(),
          (n) => n === 0,
        );
      });

      test('two replicas, two gateways: a vote through one reaches a stream held by the other', async () => {
        // A second priorities service process and a second gateway that sends priorities calls to it.
        const replica = await buildServiceProcess(prioritiesService, stack.env);
        await replica.app.listen({ host: '127.0.0.1', port: 0 });
        const address = replica.app.server.address();
        assert.ok(address && typeof address === 'object');
        setSetting([replica.platform], 'vote_change_cooldown_hours', '0');
        const second = await startGateway({ ...stack.env, SERVICE_URL_PRIORITIES: `http://127.0.0.1:${address.port}` });
        await second.app.listen({ host: '127.0.0.1', port: 0 });
        const secondAddress = second.app.server.address();
        assert.ok(secondAddress && typeof secondAddress === 'object');
        const secondUrl = `http://127.0.0.1:${secondAddress.port}`;
        try {
          const priority = await createPriority(author.client, { title: 'Seen by both replicas' });
          const viaSecond = await openRankingsStream(secondUrl, sameBrowserAt(secondUrl, voter));
          const viaFirst = await openRankingsStream(stack.baseUrl, voter.client);
          try {
            assert.equal(viaSecond.status, 200);
            await pollUntil(
              async () => liveRankingsOf(replica.platform)!.openStreams,
              (n) => n === 1,
            );
            assert.equal(openStreams(), 1, 'the first replica holds the other stream');

            // The second replica's list is read (and kept in its top list cache) before the vote.
            const listedBySecond = async () => {
              const answer = await sameBrowserAt(secondUrl, voter).get('/api/priorities?limit=50');
              assert.equal(answer.status, 200);
              return (answer.body as Array<{ id: string; endorsements: number; userVote: { voteType: string } | null }>).find((p) => p.id === priority.id)!;
            };
            assert.equal((await listedBySecond()).endorsements, 0);
            assert.equal((await listedBySecond()).userVote, null);

            // Recorded by the first replica, seen by the stream on the second.
            assert.equal((await vote(voter.client, priority.id, 'endorse')).status, 200);
            await viaSecond.waitFor((e) => e.event === 'tally' && e.data.priorityId === priority.id && e.data.endorsements === 1, 2000);
            await viaFirst.waitFor((e) => e.event === 'tally' && e.data.priorityId === priority.id && e.data.endorsements === 1, 2000);
            // The same event dropped the second replica's cached list and the voter's kept votes: a refetch
            // on its tally shows the vote, and that it is theirs.
            const afterVote = await listedBySecond();
            assert.equal(afterVote.endorsements, 1);
            assert.deepEqual(afterVote.userVote, { voteType: 'endorse', lastChangedAt: null });

            // Recorded by the second replica (through the second gateway), seen on the first.
            const other = sameBrowserAt(secondUrl, author);
            const answer = await vote(other, priority.id, 'oppose');
            assert.equal(answer.status, 200, answer.text);
            await viaFirst.waitFor((e) => e.event === 'tally' && e.data.priorityId === priority.id && e.data.oppositions === 1, 2000);
            await viaSecond.waitFor((e) => e.event === 'tally' && e.data.priorityId === priority.id && e.data.oppositions === 1, 2000);
            const created = await createPriority(other, { title: 'Created on the second replica' });
            await viaFirst.waitFor((e) => e.event === 'created' && e.data.priorityId === created.id, 2000);
          } finally {
            viaSecond.close();
            viaFirst.close();
          }
          // Closing through the second gateway closes the stream on the second replica.
          await pollUntil(
            async () => liveRankingsOf(replica.platform)!.openStreams,
            (n) => n === 0,
          );
        } finally {
          await second.app.close();
          await replica.app.close();
        }
      });

      test('a gateway that closes ends the streams it carries', async () => {
        const gateway = await startGateway(stack.env);
        await gateway.app.listen({ host: '127.0.0.1', port: 0 });
        const address = gateway.app.server.address();
        assert.ok(address && typeof address === 'object');
        const url = `http://127.0.0.1:${address.port}`;
        const stream = await openRankingsStream(url, sameBrowserAt(url, voter));
        assert.equal(stream.status, 200);
        await pollUntil(
          async () => openStreams(),
          (n) => n === 1,
        );
        await gateway.app.close();
        await stream.ended;
        await pollUntil(
          async () => openStreams(),
          (n) => n === 0,
        );
      });
    }
  });
}
