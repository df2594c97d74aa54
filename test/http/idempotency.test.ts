import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { purgeExpiredIdempotencyKeysJob } from '../../src/pipeline/idempotency/idempotency.jobs.ts';
import { assignmentScenario, VALID_SOLUTION } from '../helpers/assignment-fixtures.ts';
import { createTestContext, type TestContext, testDialects } from '../helpers/context.ts';
import { createCompany, createVolunteer, LONG_TEXT } from '../helpers/factories.ts';
import { failWrites } from '../helpers/failing-writes.ts';
import { fileForm, pdfFile } from '../helpers/file-fixtures.ts';
import { queuedJobs } from '../helpers/queued-jobs.ts';
import { waitFor } from '../jobs/wait-for.ts';

const challenge = { title: 'Faster onboarding', description: LONG_TEXT };

type Sent = { status: number; headers: Headers; text: string; data: any };

/** Idempotency-Key on POSTs under /api (docs/api.md, Idempotent requests), over real HTTP on loopback. */
for (const dialect of testDialects()) {
  describe(`idempotent POSTs [${dialect}]`, () => {
    let ctx: TestContext;
    let baseUrl: string;
    before(async () => {
      ctx = await createTestContext(dialect);
      await ctx.app.listen({ port: 0, host: '127.0.0.1' });
      baseUrl = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
    });
    after(() => ctx.close());

    /** A POST as a client sends it: JSON for an object, multipart for a FormData (a new boundary every time). */
    async function post(path: string, token: string, body?: object | FormData, key?: string): Promise<Sent> {
      const headers: Record<string, string> = { accept: 'application/json', authorization: `Bearer ${token}` };
      if (key !== undefined) headers['idempotency-key'] = key;
      if (body !== undefined && !(body instanceof FormData)) headers['content-type'] = 'application/json';
      const response = await fetch(`${baseUrl}${path}`, {
        method: 'POST',
        headers,
        body: body instanceof FormData ? body : body === undefined ? undefined : JSON.stringify(body),
        redirect: 'manual',
      });
      const text = await response.text();
      const isJson = response.headers.get('content-type')?.includes('application/json');
      return {
        status: response.status,
        headers: response.headers,
        text,
        data: isJson && text ? JSON.parse(text) : null,
      };
    }

    async function challengesOf(companyId: number) {
      return ctx.db.selectFrom('challenges').select('id').where('company_id', '=', companyId).execute();
    }

    async function keyRow(userId: number, key: string) {
      return ctx.db
        .selectFrom('idempotency_keys')
        .selectAll()
        .where('user_id', '=', userId)
        .where('key', '=', key)
        .executeTakeFirst();
    }

    it('runs a repeated POST once and answers the repeat with the kept response, marked as replayed', async () => {
      const { user, company, token } = await createCompany(ctx.db);
      const first = await post('/api/challenges', token, challenge, 'create-1');
      assert.equal(first.status, 201);
      assert.equal(first.headers.get('idempotent-replayed'), null, 'the first answer is no replay');
      const second = await post('/api/challenges', token, challenge, 'create-1');
      assert.equal(second.status, 201);
      assert.equal(second.headers.get('idempotent-replayed'), 'true');
      assert.equal(second.text, first.text, 'the body is the first one, byte for byte');
      assert.equal(second.headers.get('content-type'), first.headers.get('content-type'));
      assert.notEqual(second.headers.get('x-request-id'), first.headers.get('x-request-id'), 'a request id of its own');
      assert.equal(second.headers.get('x-content-type-options'), 'nosniff', 'the security headers are sent as always');

      const rows = await challengesOf(company.id);
      assert.deepEqual(
        rows.map((row) => row.id),
        [first.data.id],
      );
      const jobs = (await queuedJobs(ctx, 'challenge.analyze')).filter(
        (job) => job.payload.challengeId === first.data.id,
      );
      assert.equal(jobs.length, 1, 'the analysis is queued once');
      const row = await keyRow(user.id, 'create-1');
      assert.equal(row?.response_status, 201);
      assert.equal(row?.request_path, '/api/challenges');
      const kept = Date.parse(row!.expires_at) - Date.parse(row!.created_at);
      assert.equal(kept, 24 * 60 * 60 * 1000, 'kept for 24 hours');
    });

    it('answers 422 to the same key with another body or another path, and runs neither', async () => {
      const { company, token } = await createCompany(ctx.db);
      assert.equal((await post('/api/challenges', token, challenge, 'reused')).status, 201);

      const otherBody = await post('/api/challenges', token, { ...challenge, title: 'Another title' }, 'reused');
      assert.equal(otherBody.status, 422);
      assert.deepEqual(otherBody.data, {
        message: 'This Idempotency-Key was already used with another body. Send a new key with a new request.',
      });
      const otherPath = await post('/api/notifications/mark-all-read', token, undefined, 'reused');
      assert.equal(otherPath.status, 422);
      assert.deepEqual(otherPath.data, {
        message: 'This Idempotency-Key was already used for POST /api/challenges. Send a new key with a new request.',
      });
      assert.equal((await challengesOf(company.id)).length, 1);

      // The same parameters in another key order and spacing are the same request.
      const reordered = await fetch(`${baseUrl}/api/challenges`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': 'reused' },
        body: `{ "description": ${JSON.stringify(challenge.description)},  "title": "${challenge.title}" }`,
      });
      assert.equal(reordered.status, 201);
      assert.equal(reordered.headers.get('idempotent-replayed'), 'true');
    });

    it('refuses a malformed key with 422 before running anything', async () => {
      const { user, company, token } = await createCompany(ctx.db);
      const message =
        'The Idempotency-Key header must be 1 to 255 visible ASCII characters (letters, digits and punctuation; ' +
        'no spaces), sent once.';
      for (const key of ['', 'k'.repeat(256), 'two words', 'tab\there', 'caf\u00e9']) {
        const response = await post('/api/challenges', token, challenge, key);
        assert.equal(response.status, 422, JSON.stringify(key));
        assert.deepEqual(response.data, { message });
      }
      const twice = await rawPost(baseUrl, '/api/challenges', token, challenge, ['one', 'two']);
      assert.equal(twice.status, 422, 'a key sent twice');
      assert.deepEqual(JSON.parse(twice.body), { message });
      assert.equal((await post('/api/challenges', token, challenge, 'k'.repeat(255))).status, 201, '255 is allowed');

      assert.equal((await challengesOf(company.id)).length, 1);
      const rows = await ctx.db.selectFrom('idempotency_keys').select('key').where('user_id', '=', user.id).execute();
      assert.deepEqual(
        rows.map((row) => row.key),
        ['k'.repeat(255)],
      );
      // Authentication comes first: without a token the answer is 401, whatever the key.
      const anonymous = await fetch(`${baseUrl}/api/challenges`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': 'two words' },
        body: JSON.stringify(challenge),
      });
      assert.equal(anonymous.status, 401);
    });

    it("scopes keys to the user: another user's same key is a request of its own", async () => {
      const first = await createCompany(ctx.db);
      const second = await createCompany(ctx.db);
      const mine = await post('/api/challenges', first.token, challenge, 'shared-key');
      const theirs = await post('/api/challenges', second.token, challenge, 'shared-key');
      assert.equal(theirs.status, 201);
      assert.equal(theirs.headers.get('idempotent-replayed'), null);
      assert.notEqual(theirs.data.id, mine.data.id);
      assert.equal(theirs.data.company_id, second.company.id);
      assert.equal((await challengesOf(second.company.id)).length, 1);
    });

    // In one process SQLite's statements take turns on the event loop, so this storm races truly on PostgreSQL;
    // test/e2e/idempotency-processes.test.ts races two processes on either engine.
    it('lets only one of many concurrent first requests with one key run', async () => {
      const { company, token } = await createCompany(ctx.db);
      const responses = await Promise.all(
        Array.from({ length: 8 }, () => post('/api/challenges', token, challenge, 'storm')),
      );
      const rows = await challengesOf(company.id);
      assert.equal(rows.length, 1, 'one challenge');
      const created = responses.filter((response) => response.status === 201);
      assert.ok(created.length >= 1);
      assert.equal(created.filter((response) => response.headers.get('idempotent-replayed') === null).length, 1);
      for (const response of created) assert.equal(response.data.id, rows[0].id);
      for (const response of responses.filter((response) => response.status !== 201)) {
        assert.equal(response.status, 409, 'the others are replays or 409s');
      }
    });

    /**
     * Holds every upload inside its handler, where it stores the file (the key is claimed by then), until `open`:
     * a request that is still running, without timing. `restore` puts the storage back.
     */
    function holdUploadsInHandler() {
      const storage = ctx.deps.storage;
      const putFile = storage.putFile.bind(storage);
      let reached!: () => void;
      let open!: () => void;
      const inHandler = new Promise<void>((resolve) => (reached = resolve));
      const gate = new Promise<void>((resolve) => (open = resolve));
      storage.putFile = async (key, localPath) => {
        reached();
        await gate;
        return putFile(key, localPath);
      };
      return {
        inHandler,
        open: () => open(),
        restore: () => {
          open();
          storage.putFile = putFile;
        },
      };
    }

    async function cvJobsOf(volunteerId: number) {
      const jobs = await queuedJobs(ctx, 'volunteer.analyze-cv');
      return jobs.filter((job) => job.payload.volunteerId === volunteerId);
    }

    it('answers 409 to a repeat while the first request is still running, then replays its answer', async () => {
      const { volunteer, token } = await createVolunteer(ctx.db);
      const hold = holdUploadsInHandler();
      try {
        const first = post('/api/volunteers/upload-cv', token, fileForm('cv', pdfFile(), 'cv.pdf'), 'cv-1');
        await hold.inHandler;
        const repeat = await post('/api/volunteers/upload-cv', token, fileForm('cv', pdfFile(), 'cv.pdf'), 'cv-1');
        assert.equal(repeat.status, 409);
        assert.deepEqual(repeat.data, {
          message: 'A request with this Idempotency-Key is still being processed. Retry once it has finished.',
        });
        hold.open();
        assert.equal((await first).status, 200);
      } finally {
        hold.restore();
      }
      const later = await post('/api/volunteers/upload-cv', token, fileForm('cv', pdfFile(), 'cv.pdf'), 'cv-1');
      assert.equal(later.status, 200);
      assert.equal(later.headers.get('idempotent-replayed'), 'true', 'the 409 was not kept');
      assert.equal((await cvJobsOf(volunteer.id)).length, 1);
    });

    it('keeps the answer of a request whose client gave up waiting, for its retry', async () => {
      const { user, volunteer, token } = await createVolunteer(ctx.db);
      const hold = holdUploadsInHandler();
      try {
        const timeout = new AbortController();
        const first = fetch(`${baseUrl}/api/volunteers/upload-cv`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'idempotency-key': 'timed-out' },
          body: fileForm('cv', pdfFile(), 'cv.pdf'),
          signal: timeout.signal,
        });
        await hold.inHandler;
        timeout.abort(); // as a client's timeout does, while the server is still at work
        await assert.rejects(first);
        hold.open();
        await waitFor('the answer kept', async () => (await keyRow(user.id, 'timed-out'))?.response_status ?? false);
      } finally {
        hold.restore();
      }
      const retry = await post('/api/volunteers/upload-cv', token, fileForm('cv', pdfFile(), 'cv.pdf'), 'timed-out');
      assert.equal(retry.status, 200);
      assert.equal(retry.headers.get('idempotent-replayed'), 'true');
      assert.equal(retry.data.id, volunteer.id);
      assert.equal((await cvJobsOf(volunteer.id)).length, 1, 'the CV was analysed once');
    });

    it('replays a multipart upload sent again with a new boundary, and refuses another file under its key', async () => {
      const { volunteer, user, token } = await createVolunteer(ctx.db);
      const first = await post('/api/volunteers/upload-cv', token, fileForm('cv', pdfFile('Alice'), 'cv.pdf'), 'up');
      assert.equal(first.status, 200);
      const storedKey = (
        await ctx.db.selectFrom('volunteers').select('cv_storage_key').where('id', '=', volunteer.id).executeTakeFirst()
      )?.cv_storage_key;
      const again = await post('/api/volunteers/upload-cv', token, fileForm('cv', pdfFile('Alice'), 'cv.pdf'), 'up');
      assert.equal(again.status, 200);
      assert.equal(again.headers.get('idempotent-replayed'), 'true');
      assert.equal(again.text, first.text);
      const row = await ctx.db
        .selectFrom('volunteers')
        .select('cv_storage_key')
        .where('id', '=', volunteer.id)
        .executeTakeFirst();
      assert.equal(row?.cv_storage_key, storedKey, 'the CV was not stored again');

      const otherFile = await post('/api/volunteers/upload-cv', token, fileForm('cv', pdfFile('Bob'), 'cv.pdf'), 'up');
      assert.equal(otherFile.status, 422);
      const otherName = await post('/api/volunteers/upload-cv', token, fileForm('cv', pdfFile('Alice'), 'b.pdf'), 'up');
      assert.equal(otherName.status, 422);
      assert.equal((await cvJobsOf(volunteer.id)).length, 1, 'one analysis');
      assert.equal((await keyRow(user.id, 'up'))?.response_status, 200);
    });

    it('replays a 303 with its Location, and stores a solution with its attachment once', async () => {
      const { assignment, volunteer } = await assignmentScenario(ctx.db, { status: 'in_progress' });
      const form = () =>
        fileForm('attachments[]', pdfFile('Solution'), 'solution.pdf', {
          description: VALID_SOLUTION.description,
          hours_worked: String(VALID_SOLUTION.hours_worked),
        });
      const path = `/api/assignments/${assignment.id}/submit-solution`;
      const first = await post(path, volunteer.token, form(), 'submit-1');
      assert.equal(first.status, 303);
      assert.equal(first.headers.get('location'), `/api/assignments/${assignment.id}`);
      const again = await post(path, volunteer.token, form(), 'submit-1');
      assert.equal(again.status, 303);
      assert.equal(again.headers.get('location'), `/api/assignments/${assignment.id}`);
      assert.equal(again.headers.get('idempotent-replayed'), 'true');
      const submissions = await ctx.db
        .selectFrom('submissions')
        .select('id')
        .where('assignment_id', '=', assignment.id)
        .execute();
      assert.equal(submissions.length, 1);
      const attachments = await ctx.db
        .selectFrom('submission_attachments')
        .select('id')
        .where('submission_id', '=', submissions[0].id)
        .execute();
      assert.equal(attachments.length, 1);
    });

    it('keeps a 4xx answer, and drops a 5xx one so that the retry runs', async () => {
      const { company, token } = await createCompany(ctx.db);
      const invalid = { title: 'T' };
      const refused = await post('/api/challenges', token, invalid, 'bad-body');
      assert.equal(refused.status, 422);
      const refusedAgain = await post('/api/challenges', token, invalid, 'bad-body');
      assert.equal(refusedAgain.status, 422);
      assert.equal(refusedAgain.headers.get('idempotent-replayed'), 'true');
      assert.equal(refusedAgain.text, refused.text);

      const restore = await failWrites(ctx, 'jobs', 'insert');
      let failed: Sent;
      try {
        failed = await post('/api/challenges', token, challenge, 'flaky');
      } finally {
        await restore();
      }
      assert.equal(failed.status, 500);
      assert.equal(await keyRow(company.user_id, 'flaky'), undefined, 'the key was given back');
      const retried = await post('/api/challenges', token, challenge, 'flaky');
      assert.equal(retried.status, 201);
      assert.equal(retried.headers.get('idempotent-replayed'), null);
      assert.equal((await challengesOf(company.id)).length, 1);
    });

    it('takes over a claim whose process died once its lease ran out, and not before', async () => {
      const { user, company, token } = await createCompany(ctx.db);
      assert.equal((await post('/api/challenges', token, challenge, 'crashed')).status, 201);
      // As a process that died after claiming the key leaves it: running, no response.
      const leaveRunning = (claimedAt: Date) =>
        ctx.db
          .updateTable('idempotency_keys')
          .set({
            response_status: null,
            response_headers: null,
            response_body: null,
            claimed_at: claimedAt.toISOString(),
          })
          .where('user_id', '=', user.id)
          .where('key', '=', 'crashed')
          .execute();
      await leaveRunning(new Date(Date.now() - 4 * 60_000));
      assert.equal((await post('/api/challenges', token, challenge, 'crashed')).status, 409, 'within the lease');
      await leaveRunning(new Date(Date.now() - 6 * 60_000));
      const retried = await post('/api/challenges', token, challenge, 'crashed');
      assert.equal(retried.status, 201);
      assert.equal(retried.headers.get('idempotent-replayed'), null);
      assert.equal((await challengesOf(company.id)).length, 2, 'the request ran again');
      assert.equal((await keyRow(user.id, 'crashed'))?.response_status, 201);
    });

    it('deletes expired keys with the cleanup job, and treats an expired key not yet deleted as new', async () => {
      const { user, company, token } = await createCompany(ctx.db);
      assert.equal((await post('/api/challenges', token, challenge, 'old')).status, 201);
      assert.equal((await post('/api/challenges', token, { ...challenge, title: 'Fresh' }, 'fresh')).status, 201);
      const expire = () =>
        ctx.db
          .updateTable('idempotency_keys')
          .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
          .where('user_id', '=', user.id)
          .where('key', '=', 'old')
          .execute();
      await expire();
      const rerun = await post('/api/challenges', token, challenge, 'old');
      assert.equal(rerun.status, 201);
      assert.equal(rerun.headers.get('idempotent-replayed'), null, 'an expired key replays nothing');
      assert.equal((await challengesOf(company.id)).length, 3);

      await expire();
      await purgeExpiredIdempotencyKeysJob.handle(ctx.deps, {});
      assert.equal(await keyRow(user.id, 'old'), undefined);
      assert.equal((await keyRow(user.id, 'fresh'))?.response_status, 201, 'an unexpired key stays');
    });

    it('leaves a POST without the header as it was: every send runs', async () => {
      const { user, company, token } = await createCompany(ctx.db);
      const first = await post('/api/challenges', token, challenge);
      const second = await post('/api/challenges', token, challenge);
      assert.equal(first.status, 201);
      assert.equal(second.status, 201);
      assert.notEqual(second.data.id, first.data.id);
      assert.equal(second.headers.get('idempotent-replayed'), null);
      assert.equal((await challengesOf(company.id)).length, 2);
      const keys = await ctx.db.selectFrom('idempotency_keys').select('id').where('user_id', '=', user.id).execute();
      assert.deepEqual(keys, []);
    });

    it('ignores the header on other methods', async () => {
      const { user, token } = await createCompany(ctx.db);
      const response = await fetch(`${baseUrl}/api/user`, {
        headers: { authorization: `Bearer ${token}`, 'idempotency-key': 'not a key' },
      });
      assert.equal(response.status, 200);
      const keys = await ctx.db.selectFrom('idempotency_keys').select('id').where('user_id', '=', user.id).execute();
      assert.deepEqual(keys, []);
    });

    it('documents the header and its 409 and 422 on every POST under /api, and on nothing else', async () => {
      const response = await fetch(`${baseUrl}/api/openapi.json`);
      const doc = (await response.json()) as {
        paths: Record<string, Record<string, { parameters?: Array<{ in: string; name: string }>; responses: object }>>;
      };
      let posts = 0;
      for (const [path, operations] of Object.entries(doc.paths)) {
        for (const [method, operation] of Object.entries(operations)) {
          const header = operation.parameters?.find((p) => p.in === 'header' && p.name === 'Idempotency-Key');
          if (method !== 'post' || !path.startsWith('/api/')) {
            assert.equal(header, undefined, `${method} ${path}`);
            continue;
          }
          posts++;
          assert.ok(header, `POST ${path} documents Idempotency-Key`);
          assert.ok('409' in operation.responses, `POST ${path} documents 409`);
          assert.ok('422' in operation.responses, `POST ${path} documents 422`);
        }
      }
      assert.ok(posts >= 17, `${posts} POST operations`);
    });
  });
}

/** A POST through node:http, which can send a header twice (fetch joins repeated values itself). */
function rawPost(
  baseUrl: string,
  path: string,
  token: string,
  body: object,
  keys: string[],
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${baseUrl}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': keys },
    });
    request.on('response', (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
    });
    request.on('error', reject);
    request.end(JSON.stringify(body));
  });
}
