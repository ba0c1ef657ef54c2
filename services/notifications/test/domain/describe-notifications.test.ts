// The lines a batch becomes: votes gathered per priority and counted once per citizen (the newest
// stands), at most three names, nameless citizens counted, priorities before the network.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { type DigestItem, describeNotifications } from '../../src/dispatch/describe-notifications.ts';

const item = (overrides: Partial<DigestItem>): DigestItem => ({
  kind: 'endorsed',
  actorId: crypto.randomUUID(),
  actorName: null,
  subjectId: 'p1',
  subjectTitle: 'Roads',
  ...overrides,
});

test('one endorsement names its citizen; several are counted with at most three names', () => {
  assert.deepEqual(
    describeNotifications([item({ actorName: 'Ann Lee' })]).map((l) => l.text),
    ['Ann Lee endorsed your priority “Roads”.'],
  );
  const many = ['Ann Lee', 'Bo Park', null, 'Cy Tan', 'Di Roy'].map((actorName) => item({ actorName }));
  assert.deepEqual(
    describeNotifications(many).map((l) => l.text),
    ['5 citizens, among them Ann Lee, Bo Park and Cy Tan, endorsed your priority “Roads”.'],
  );
  assert.deepEqual(
    describeNotifications([item({}), item({})]).map((l) => l.text),
    ['2 citizens endorsed your priority “Roads”.'],
  );
});

test('a citizen who switched their vote counts once, for the vote that stands', () => {
  const actorId = 'a1';
  const lines = describeNotifications([item({ actorId, actorName: 'Ann Lee' }), item({ actorId, kind: 'opposed', actorName: 'Ann Lee' })]);
  assert.deepEqual(
    lines.map((l) => l.text),
    ['Ann Lee opposed your priority “Roads”.'],
  );
});

test('each priority has its line; priorities come before the network whatever the order', () => {
  const lines = describeNotifications([
    item({ kind: 'followed', subjectId: null, subjectTitle: null, actorName: 'Bo Park' }),
    item({ subjectId: 'p2', subjectTitle: 'Rail' }),
    item({ subjectId: 'p1', subjectTitle: 'Roads' }),
    item({ kind: 'entered_top_ten', actorId: null, subjectId: 'p1', subjectTitle: 'Roads' }),
  ]);
  assert.deepEqual(
    lines.map((l) => [l.section, l.text]),
    [
      ['priorities', 'A citizen endorsed your priority “Rail”.'],
      ['priorities', 'A citizen endorsed your priority “Roads”.'],
      ['priorities', 'Your priority “Roads” entered the top 10.'],
      ['network', 'Bo Park followed you.'],
    ],
  );
});

test('new priorities and documents of people one follows are a line each; one citizen promoting twice is one citizen', () => {
  const author = 'w1';
  const lines = describeNotifications([
    item({ kind: 'followee_priority', actorId: author, actorName: 'Wu Li', subjectId: 'x', subjectTitle: 'Parks' }),
    item({ kind: 'followee_priority', actorId: author, actorName: 'Wu Li', subjectId: 'y', subjectTitle: 'Ports' }),
    item({ kind: 'followee_document', actorId: author, actorName: null, subjectId: 'd', subjectTitle: 'Facts' }),
    item({ kind: 'promoted', actorId: 'p', actorName: 'Pat Ode' }),
    item({ kind: 'promoted', actorId: 'p', actorName: 'Pat Ode' }),
  ]);
  assert.deepEqual(
    lines.map((l) => l.text),
    [
      'Pat Ode promoted your priority “Roads”.',
      'Wu Li created the priority “Parks”.',
      'Wu Li created the priority “Ports”.',
      'Someone you follow contributed the briefing document “Facts”.',
    ],
  );
});
