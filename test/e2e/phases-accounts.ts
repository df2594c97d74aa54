import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { CV_FIXTURE_DIR } from '../fixtures/cvs/fixtures.ts';
import { fileForm, pngFile } from '../helpers/file-fixtures.ts';
import { accountWithToken, guildOk } from './e2e-world.ts';
import { assertErrorBody, httpClient } from './http-client.ts';
import { ACCOUNTS, COMPANY_PROFILE, CVS, type Journey, queuedPayloads, TOKEN_FORMAT } from './journey.ts';

/** Phases about who the callers are: accounts and tokens from the CLI, profiles, logout, deactivation. */

export async function createAccountsWithCli(journey: Journey): Promise<void> {
  const { world } = journey;
  const [companyToken, aliceToken, bobToken] = await Promise.all(
    [ACCOUNTS.company, ACCOUNTS.alice, ACCOUNTS.bob].map((account) => accountWithToken(world, account)),
  );
  for (const token of [companyToken, aliceToken, bobToken]) assert.match(token, TOKEN_FORMAT);
  journey.company = httpClient(world.baseUrl, companyToken);
  journey.alice = httpClient(world.baseUrl, aliceToken);
  journey.bob = httpClient(world.baseUrl, bobToken);
  journey.ids = {} as Journey['ids'];

  const me = await journey.alice.get('/api/user');
  assert.deepEqual(
    { email: me.email, name: me.name, account_type: me.account_type, is_active: me.is_active },
    { email: ACCOUNTS.alice.email, name: ACCOUNTS.alice.name, account_type: 'contributor', is_active: true },
  );
  const anonymous = httpClient(world.baseUrl);
  assert.deepEqual(await anonymous.get('/api/health'), { status: 'ok', dialect: journey.dialect });
  assert.deepEqual(await anonymous.get('/api/health/ready'), {
    status: 'ok',
    checks: { database: 'ok', queue: 'ok', storage: 'ok' },
    dialect: journey.dialect,
  });
  assertErrorBody(await anonymous.get('/api/user', 401), 'Unauthenticated.');
  assertErrorBody(await httpClient(world.baseUrl, `${companyToken}x`).get('/api/user', 401), 'Unauthenticated.');
  // A client that forgets `Accept: application/json` still gets JSON (docs/contract.md §1).
  const forgetful = await fetch(new URL('/api/user', world.baseUrl), {
    headers: { authorization: `Bearer ${bobToken}` },
  });
  assert.equal(forgetful.headers.get('content-type'), 'application/json; charset=utf-8');
  assert.equal(((await forgetful.json()) as { email: string }).email, ACCOUNTS.bob.email);
}

export async function completeCompanyProfile(journey: Journey): Promise<void> {
  const { world, company, alice } = journey;
  const logo = pngFile();
  const profile = await company.post('/api/companies/complete-profile', {
    form: fileForm('logo', logo, 'acme.png', COMPANY_PROFILE),
    expect: 201,
  });
  const { id, user_id, logo_url, created_at, updated_at, ...fields } = profile;
  assert.deepEqual(fields, { ...COMPANY_PROFILE, challenges_count: 0, challenges: [] });
  assert.match(logo_url, /^\/files\/logos\/[^/]+\.png$/);
  const image = await fetch(new URL(logo_url, world.baseUrl)); // public: no token
  assert.equal(image.status, 200);
  assert.equal(image.headers.get('content-type'), 'image/png');
  assert.deepEqual(Buffer.from(await image.arrayBuffer()), logo);
  journey.ids.company = id;
  journey.logoUrl = logo_url;

  assert.deepEqual(await company.get('/api/companies/profile'), profile);
  const updated = await company.put('/api/companies/profile', { json: { industry: 'Warehousing' } });
  assert.deepEqual(
    [updated.industry, updated.company_name, updated.logo_url],
    ['Warehousing', 'Acme Logistics', logo_url],
  );
  const again = { json: { company_name: 'Acme again' }, expect: 422 };
  assertErrorBody(await company.post('/api/companies/complete-profile', again), /already completed/);
  assertErrorBody(await alice.get('/api/companies/profile', 403), 'Only company accounts can do this.');
}

/** A CV of test/fixtures/cvs as the form of `POST /api/volunteers/upload-cv` carries it. */
function cvForm(fileName: string): FormData {
  return fileForm('cv', fs.readFileSync(path.join(CV_FIXTURE_DIR, fileName)), fileName);
}

export async function completeContributorProfiles({ world, company, alice, bob, ids }: Journey): Promise<void> {
  const profile = await alice.post('/api/volunteers/complete-profile', {
    json: { availability_hours_per_week: 12, field: 'Mobile development', bio: '  Builds mobile apps.  ' },
    expect: 201,
  });
  ids.aliceUser = profile.user_id;
  ids.aliceVolunteer = profile.id;
  assert.deepEqual(
    [profile.name, profile.bio, profile.reputation_score],
    [ACCOUNTS.alice.name, 'Builds mobile apps.', 10],
  );
  assert.deepEqual([profile.cv, profile.ai_analysis_status, profile.skills], [null, 'none', []]);

  // No worker runs yet: the analysis waits in the queue.
  const withCv = await alice.post('/api/volunteers/upload-cv', { form: cvForm(CVS.alice) });
  assert.equal(withCv.cv.file_name, CVS.alice);
  assert.equal(withCv.ai_analysis_status, 'pending');
  assert.equal(withCv.reputation_score, 30, '10 for the profile, 20 for the first CV');
  assert.deepEqual(await queuedPayloads(world.db, 'volunteer.analyze-cv'), [
    { status: 'pending', volunteerId: profile.id },
  ]);
  assert.deepEqual(await alice.get('/api/volunteers/profile'), withCv);
  const notPdf = { form: fileForm('cv', pngFile(), 'cv.pdf'), expect: 422 };
  assertErrorBody(await alice.post('/api/volunteers/upload-cv', notPdf), /cv/, ['cv']);
  assertErrorBody(await company.get('/api/volunteers/profile', 403), 'Only contributor accounts can do this.');

  const bobProfile = await bob.post('/api/volunteers/complete-profile', {
    json: { availability_hours_per_week: 8, field: 'Backend development' },
    expect: 201,
  });
  ids.bobUser = bobProfile.user_id;
  ids.bobVolunteer = bobProfile.id;
  const updated = await bob.put('/api/volunteers/profile', { json: { bio: 'Builds APIs and databases.' } });
  assert.deepEqual(
    [updated.bio, updated.availability_hours_per_week, updated.field],
    ['Builds APIs and databases.', 8, 'Backend development'],
    'absent fields keep their values',
  );
  const cvInBody = { json: { cv: 'resume.pdf' }, expect: 422 };
  assertErrorBody(await bob.put('/api/volunteers/profile', cvInBody), /upload-cv/, ['cv']);
  const bobsCv = await bob.post('/api/volunteers/upload-cv', { form: cvForm(CVS.bob) });
  assert.deepEqual([bobsCv.cv.file_name, bobsCv.ai_analysis_status], [CVS.bob, 'pending']);
  assert.deepEqual(await queuedPayloads(world.db, 'volunteer.analyze-cv'), [
    { status: 'pending', volunteerId: profile.id },
    { status: 'pending', volunteerId: bobProfile.id },
  ]);
}

export async function logOut({ bob }: Journey): Promise<void> {
  assert.deepEqual(await bob.post('/api/auth/logout'), { message: 'Logged out.' });
  assertErrorBody(await bob.get('/api/user', 401), 'Unauthenticated.');
  assertErrorBody(await bob.get('/api/notifications', 401), 'Unauthenticated.');
}

export async function deactivateWithCli({ world, alice, company }: Journey): Promise<void> {
  await guildOk(world, 'user:deactivate', '--email', ACCOUNTS.alice.email);
  assertErrorBody(await alice.get('/api/volunteers/profile', 401), 'Unauthenticated.');
  await company.get('/api/user'); // others are unaffected
}
