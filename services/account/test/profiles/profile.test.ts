// Profiles from the account service alone: creation from user.registered (delivered), the
// validation messages of spec 5 "Profile", owner-only edits, private profiles, the edit published as
// civic.account.profile.updated, and two edits racing (on PostgreSQL, where the harness runs it when
// the tests' server answers).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { accountEvents, ADMIN_MESSAGES, birthYearMessage, PROFILE_MESSAGES } from '@civic/contracts';
import pg from 'pg';
import { databaseUrl } from '@civic/service-kit/db';
import { type ServiceClient, useTestService } from '@civic/service-kit/testing';
import { backendPid, waitUntilBlocked } from '../../../../test/support/lock-waits.ts';
import { accountService, MIGRATIONS_DIR } from '../../src/app.ts';
import { registerMember } from '../support/account-service.ts';

const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';

const FULL_EDIT = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  bio: 'Counts things.',
  location: 'Springfield, IL',
  birthYear: 1985,
  gender: 'female',
  occupation: 'Engineer',
  website: 'https://ada.example.com',
  twitterHandle: 'ada_l',
  linkedinUrl: 'https://www.linkedin.com/in/ada',
  facebookUrl: 'https://facebook.com/ada',
  instagramHandle: 'ada.l_',
  state: 'IL',
};

/** A new user's standing (no balance or counts delivered) and a stranger's relation. */
const NO_STANDING = { politicalCapital: 0, followers: 0, following: 0 };
const NO_RELATION = { isFollowing: false, isBlocked: false, isBlockedBy: false };

const patch = (client: ServiceClient, path: string, body: unknown) => client.patch(path, body);

describe('account profiles', () => {
  const service = useTestService(accountService);
  /** The service's PostgreSQL database, or null on PGlite. */
  const onPostgres = async () => {
    const { driver } = await service.platform.databases.open('account', MIGRATIONS_DIR);
    const [row] = await driver.query<{ name: string }>('SELECT current_database() AS name');
    return /^civic_s[0-9a-f]{8}_account$/.test(row!.name) ? row!.name : null;
  };

  test('a new user gets an empty profile and default settings', async () => {
    const { client, id } = await registerMember(service, 'new');
    // Settled when the registration's delivery resolved.
    const answer = await client.get(`/api/users/${id}/profile`);
    assert.equal(answer.status, 200, answer.text);
    assert.deepEqual(answer.body, {
      id,
      firstName: null,
      lastName: null,
      profileImageUrl: null,
      bio: null,
      location: null,
      birthYear: null,
      gender: null,
      occupation: null,
      website: null,
      twitterHandle: null,
      linkedinUrl: null,
      facebookUrl: null,
      instagramHandle: null,
      state: null,
      ...NO_STANDING,
      ...NO_RELATION,
      isPrivate: false,
    });
    const settings = await client.get('/api/settings');
    assert.equal(settings.status, 200);
    assert.deepEqual(settings.body, {
      profileVisibility: 'public',
      activityVisibility: 'public',
      emailNotifications: true,
      activityNotifications: true,
      priorityNotifications: true,
    });
  });

  test('an unknown user is 404 "User not found"', async () => {
    const { client } = await registerMember(service, 'finder');
    for (const id of [crypto.randomUUID(), 'not-a-uuid']) {
      const answer = await client.get(`/api/users/${id}/profile`);
      assert.equal(answer.status, 404);
      assert.equal(answer.body.message, 'User not found');
    }
  });

  test('the owner edits every field; empty strings unset; the answer and a re-read agree', async () => {
    const { client, id } = await registerMember(service, 'editor');
    const saved = await patch(client, `/api/users/${id}/profile`, FULL_EDIT);
    assert.equal(saved.status, 200, saved.text);
    assert.deepEqual(saved.body, { id, profileImageUrl: null, ...FULL_EDIT, ...NO_STANDING, ...NO_RELATION, isPrivate: false });
    assert.deepEqual((await client.get(`/api/users/${id}/profile`)).body, saved.body);

    const cleared = await patch(client, `/api/users/${id}/profile`, { firstName: 'Ada', lastName: '', website: '', birthYear: '' });
    assert.equal(cleared.status, 200, cleared.text);
    assert.equal(cleared.body.lastName, null);
    assert.equal(cleared.body.website, null);
    assert.equal(cleared.body.birthYear, null);
    assert.equal(cleared.body.bio, FULL_EDIT.bio, 'fields left out stay as they were');
  });

  test('every rule of spec 5 "Profile" is enforced by the server with its message', async () => {
    const { client, id } = await registerMember(service, 'validator');
    const year = new Date().getFullYear();
    const cases: [Record<string, unknown>, string][] = [
      [{}, 'First name is required'],
      [{ firstName: '' }, 'First name is required'],
      [{ firstName: '   ' }, 'First name is required'],
      [{ bio: 'x'.repeat(501) }, 'Bio must be 500 characters or less'],
      [{ location: 'x'.repeat(101) }, 'Location must be 100 characters or less'],
      [{ occupation: 'x'.repeat(101) }, 'Occupation must be 100 characters or less'],
      [{ birthYear: 1899 }, birthYearMessage(year)],
      [{ birthYear: year + 1 }, birthYearMessage(year)],
      [{ birthYear: 'nineteen' }, birthYearMessage(year)],
      [{ gender: 'other' }, PROFILE_MESSAGES.gender],
      [{ gender: 'x'.repeat(51) }, PROFILE_MESSAGES.gender],
      [{ website: 'not a url' }, 'Must be a valid URL'],
      [{ website: 'ftp://example.com' }, 'Must be a valid URL'],
      [{ twitterHandle: 'has-dash' }, 'Invalid Twitter handle'],
      [{ twitterHandle: 'a'.repeat(51) }, 'Invalid Twitter handle'],
      [{ linkedinUrl: 'https://example.com/in/ada' }, 'Must be a valid LinkedIn URL'],
      [{ linkedinUrl: 'linkedin' }, 'Must be a valid LinkedIn URL'],
      [{ facebookUrl: 'https://example.com/ada' }, 'Must be a valid Facebook URL'],
      [{ instagramHandle: 'has space' }, 'Invalid Instagram handle'],
      [{ instagramHandle: 'a'.repeat(51) }, 'Invalid Instagram handle'],
    ];
    for (const [fields, message] of cases) {
      const body = 'firstName' in fields || Object.keys(fields).length === 0 ? fields : { firstName: 'Ada', ...fields };
      const answer = await patch(client, `/api/users/${id}/profile`, body);
      assert.equal(answer.status, 400, `${JSON.stringify(fields).slice(0, 60)}: ${answer.text}`);
      assert.equal(answer.body.message, message, JSON.stringify(fields).slice(0, 60));
      assert.ok(Array.isArray(answer.body.errors), 'the field errors come along');
    }
    // The limits themselves are allowed.
    const edge = await patch(client, `/api/users/${id}/profile`, {
      firstName: 'Ada',
      bio: 'x'.repeat(500),
      location: 'x'.repeat(100),
      occupation: 'x'.repeat(100),
      birthYear: 1900,
      gender: 'prefer-not-to-say',
      twitterHandle: 'a'.repeat(50),
      instagramHandle: 'a.'.repeat(25),
    });
    assert.equal(edge.status, 200, edge.text);
    const thisYear = await patch(client, `/api/users/${id}/profile`, { firstName: 'Ada', birthYear: year, gender: 'non-binary' });
    assert.equal(thisYear.status, 200, thisYear.text);
  });

  test('only the owner edits a profile: another user gets 403, a visitor 401, a banned owner 403', async () => {
    const owner = await registerMember(service, 'owner');
    const other = await registerMember(service, 'other');
    const stranger = await patch(other.client, `/api/users/${owner.id}/profile`, { firstName: 'Mallory' });
    assert.equal(stranger.status, 403);
    assert.equal(stranger.body.message, PROFILE_MESSAGES.notOwner);
    const invalidToo = await patch(other.client, `/api/users/${owner.id}/profile`, {});
    assert.equal(invalidToo.status, 403, 'ownership is decided before the body is read');

    const visitor = await patch(service.asVisitor(), `/api/users/${owner.id}/profile`, { firstName: 'Mallory' });
    assert.equal(visitor.status, 401);
    assert.equal((await service.asVisitor().get(`/api/users/${owner.id}/profile`)).status, 401);
    assert.equal((await owner.client.get(`/api/users/${owner.id}/profile`)).body.firstName, null, 'nothing was written');

    // The owner's session once banned: the gateway signs isBanned from it.
    const banned = await patch(service.asUser(owner.id, { isBanned: true }), `/api/users/${owner.id}/profile`, { firstName: 'Ada' });
    assert.equal(banned.status, 403);
  });

  // Auth marking the account pending in its session, and approving it: services/auth/test/users/standing.test.ts.
  test('a pending account reads profiles; its edit is 403 awaiting approval until it is approved', async () => {
    const member = await registerMember(service, 'pending');
    const pending = service.asUser(member.id, { isPending: true });
    const refused = await patch(pending, `/api/users/${member.id}/profile`, { firstName: 'Ada' });
    assert.equal(refused.status, 403);
    assert.equal(refused.body.message, ADMIN_MESSAGES.awaitingApproval);
    assert.equal((await pending.get(`/api/users/${member.id}/profile`)).status, 200);
    const acted = await patch(member.client, `/api/users/${member.id}/profile`, { firstName: 'Ada' });
    assert.equal(acted.status, 200, acted.text);
  });

  test('a private profile shows others only the name and avatar', async () => {
    const owner = await registerMember(service, 'private');
    const other = await registerMember(service, 'viewer');
    assert.equal((await patch(owner.client, `/api/users/${owner.id}/profile`, FULL_EDIT)).status, 200);
    const hidden = await patch(owner.client, '/api/settings', { profileVisibility: 'private' });
    assert.equal(hidden.status, 200, hidden.text);

    const seen = await other.client.get(`/api/users/${owner.id}/profile`);
    assert.equal(seen.status, 200);
    assert.deepEqual(seen.body, { id: owner.id, firstName: 'Ada', lastName: 'Lovelace', profileImageUrl: null, ...NO_RELATION, isPrivate: true });
    const own = await owner.client.get(`/api/users/${owner.id}/profile`);
    assert.equal(own.body.isPrivate, false);
    assert.equal(own.body.bio, FULL_EDIT.bio, 'the owner still sees everything');

    assert.equal((await patch(owner.client, '/api/settings', { profileVisibility: 'public' })).status, 200);
    const open = await other.client.get(`/api/users/${owner.id}/profile`);
    assert.equal(open.body.isPrivate, false);
    assert.equal(open.body.occupation, FULL_EDIT.occupation);
  });

  // Auth applying the event to GET /api/auth/user: services/auth/test/users/read-models.test.ts.
  test('an edit reaches GET /api/auth/user through civic.account.profile.updated', async () => {
    const { client, id } = await registerMember(service, 'names');
    const saved = await patch(client, `/api/users/${id}/profile`, FULL_EDIT);
    assert.equal(saved.status, 200, saved.text);
    const me = await service.events.waitFor(accountEvents.ProfileUpdated, (p) => p.userId === id && p.firstName === 'Ada');
    assert.equal(me.payload.lastName, 'Lovelace');
    assert.equal(me.payload.occupation, FULL_EDIT.occupation);
    assert.equal(me.payload.birthYear, 1985);
    assert.equal(me.payload.instagramHandle, FULL_EDIT.instagramHandle);

    assert.equal((await patch(client, `/api/users/${id}/profile`, { firstName: 'Grace', lastName: '' })).status, 200);
    const renamed = await service.events.waitFor(accountEvents.ProfileUpdated, (p) => p.userId === id && p.firstName === 'Grace');
    assert.equal(renamed.payload.lastName, null);
  });

  test('of two edits at once, the one that commits last is the newest (its updatedAt is later)', async (t) => {
    const { client, id } = await registerMember(service, 'two-tabs');
    const database = await onPostgres();
    if (!database) return t.skip('the service runs on PGlite (PostgreSQL unreachable): one connection, no race');
    const other = new pg.Client({ connectionString: databaseUrl(TEST_DATABASE_URL, database) });
    await other.connect();
    try {
      // The other tab's edit: it holds the row and was stamped a little later than this one will be.
      const otherPid = await backendPid(other);
      await other.query('BEGIN');
      const stamped = await other.query<{ updated_at: Date }>(
        "UPDATE account.profiles SET bio = 'other tab', updated_at = now() + interval '2 seconds' WHERE user_id = $1 RETURNING updated_at",
        [id],
      );
      const otherAt = stamped.rows[0]!.updated_at.getTime();
      const edit = patch(client, `/api/users/${id}/profile`, { firstName: 'Last', bio: 'this tab' });
      // This tab's edit waits for the other's row.
      await waitUntilBlocked(other, otherPid);
      await other.query('COMMIT');
      assert.equal((await edit).status, 200);
      const [row] = (await other.query<{ bio: string; updated_at: Date }>('SELECT bio, updated_at FROM account.profiles WHERE user_id = $1', [id])).rows;
      assert.equal(row!.bio, 'this tab', 'the edit that committed last holds the row');
      assert.ok(row!.updated_at.getTime() > otherAt, 'and the later time, so every copy keeps it too');
    } finally {
      await other.end();
    }
  });
});
