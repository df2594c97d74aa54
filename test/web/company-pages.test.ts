import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createTestContext, type TestContext, testDialects } from '../helpers/context.ts';
import {
  createAccount,
  createAssignment,
  createChallenge,
  createCompany,
  createTask,
  createVolunteer,
  createWorkstream,
} from '../helpers/factories.ts';
import { parsePage } from '../helpers/page.ts';
import { webClient } from '../helpers/web-client.ts';
import { signedIn, withPassword } from './contributor-session.ts';

for (const dialect of testDialects()) {
  describe(`company and challenge pages [${dialect}]`, () => {
    let ctx: TestContext;
    before(async () => {
      ctx = await createTestContext(dialect);
    });
    after(() => ctx.close());

    /** A company (with a profile unless told otherwise) that can sign in through the login form. */
    const company = async () => createCompany(ctx.db, { user: await withPassword() });
    const contributor = async () => createVolunteer(ctx.db, { user: await withPassword() });

    it('sends a signed-out visitor to sign in and back, on every page of this part', async () => {
      const client = webClient(ctx.app);
      for (const path of ['/company/profile', '/reviews', '/challenges', '/challenges/new', '/challenges/1']) {
        const response = await client.get(path);
        assert.equal(response.statusCode, 303, path);
        assert.equal(response.headers.location, `/login?next=${encodeURIComponent(path)}`);
      }
    });

    it("refuses contributors the company's pages with a 403 page, and lets them browse challenges", async () => {
      const person = await contributor();
      const client = await signedIn(ctx.app, person.user.email);
      for (const path of ['/company/profile', '/reviews', '/challenges/new']) {
        const response = await client.get(path);
        assert.equal(response.statusCode, 403, path);
        const page = parsePage(response.body);
        assert.deepEqual(page.headings(1), ['You cannot do that']);
        assert.match(page.text, /This page is for company accounts/);
      }
      assert.equal((await client.get('/challenges')).statusCode, 200);
    });

    it('asks a company without a profile to complete it, with the API form', async () => {
      const account = await createAccount(ctx.db, 'company');
      await ctx.db
        .updateTable('users')
        .set(await withPassword())
        .where('id', '=', account.user.id)
        .execute();
      const client = await signedIn(ctx.app, account.user.email);
      for (const path of ['/dashboard', '/challenges/new']) {
        const page = parsePage((await client.get(path)).body);
        assert.ok(page.headings(2).includes('Complete your company profile first'), path);
        assert.equal(page.link('Complete your company profile').href, '/company/profile');
      }
      const profile = parsePage((await client.get('/company/profile')).body);
      const form = profile.form('/api/companies/complete-profile');
      assert.equal(form.method, 'POST');
      const logo = form.control('Logo (optional)');
      assert.equal(logo.type, 'file');
      assert.equal(logo.name, 'logo');
      assert.equal(logo.accept, 'image/jpeg,image/png,image/gif');
      assert.equal(form.control('Company name').required, true);
      assert.deepEqual(
        form.buttons.map((button) => button.text),
        ['Complete the profile'],
      );
    });

    it('shows the dashboard: challenges with status and analysis, solutions waiting, notifications', async () => {
      const owner = await company();
      const draft = await createChallenge(ctx.db, owner.company.id, {
        title: 'Cut delivery delays',
        status: 'analyzing',
        ai_analysis_status: 'processing',
      });
      const task = await createTask(ctx.db, draft.id);
      await createAssignment(ctx.db, task.id, (await createVolunteer(ctx.db)).volunteer.id, { status: 'submitted' });
      const page = await (await signedIn(ctx.app, owner.user.email)).get('/dashboard');
      assert.equal(page.statusCode, 200);
      const dashboard = parsePage(page.body);
      const text = dashboard.text;
      assert.match(text, /Your challenges 1/);
      assert.match(text, /Cut delivery delays Being analysed Analysis running/);
      assert.equal(dashboard.link('Cut delivery delays').href, `/challenges/${draft.id}`);
      assert.match(text, /Solutions to review 1 One contributor has handed in work/);
      assert.equal(dashboard.link('Review the solution').href, '/reviews');
      assert.match(text, /Recent notifications No notifications yet\./);
    });

    it('offers the profile edit form (PUT) with the logo shown', async () => {
      const owner = await createCompany(ctx.db, {
        user: await withPassword(),
        company: { company_name: 'Northwind', logo_storage_key: `logos/${'a'.repeat(32)}.png` },
      });
      const page = parsePage((await (await signedIn(ctx.app, owner.user.email)).get('/company/profile')).body);
      const form = page.form('/api/companies/profile');
      assert.equal(form.method, 'PUT');
      assert.deepEqual(page.images(), [{ alt: 'Northwind logo', src: `/files/logos/${'a'.repeat(32)}.png` }]);
      assert.equal(form.control('Company name').value, 'Northwind');
      assert.equal(form.control('Replace the logo (optional)').type, 'file');
    });

    it('shows the submission form with the live counter and the limits', async () => {
      const owner = await company();
      const page = await (await signedIn(ctx.app, owner.user.email)).get('/challenges/new');
      assert.equal(page.statusCode, 200);
      const form = parsePage(page.body).form('/api/challenges');
      assert.equal(form.method, 'POST');
      assert.equal(form.redirect, '/challenges/{id}');
      const description = form.control('Description');
      assert.equal(description.type, 'textarea');
      assert.deepEqual(description.counter, { min: '100', max: '5000' });
      assert.match(description.description.join(' '), /Between 100 and 5000 characters\./);
      assert.deepEqual(
        form.buttons.map((button) => button.text),
        ['Submit the challenge'],
      );
    });

    it('lists what the caller may see, with filters; a company also sees its own drafts under "My challenges"', async () => {
      const owner = await company();
      const other = await company();
      await createChallenge(ctx.db, owner.company.id, { title: 'Own draft', status: 'submitted' });
      await createChallenge(ctx.db, other.company.id, { title: 'Hidden draft', status: 'submitted' });
      await createChallenge(ctx.db, other.company.id, { title: 'Public clinic app', field: 'Healthcare' });
      const viewer = await signedIn(ctx.app, (await contributor()).user.email);
      const all = parsePage((await viewer.get('/challenges')).body).text;
      assert.match(all, /Public clinic app/);
      assert.doesNotMatch(all, /Hidden draft|Own draft/);
      assert.doesNotMatch(all, /My challenges/, 'contributors have no "mine" tab');
      const filtered = parsePage((await viewer.get('/challenges?field=healthcare&q=clinic&status=active')).body).text;
      assert.match(filtered, /Public clinic app/);
      assert.match(parsePage((await viewer.get('/challenges?q=nothing-like-this')).body).text, /No challenge matches/);
      assert.equal(
        (await viewer.get('/challenges?status=bogus&page=x')).statusCode,
        200,
        'unknown filters are ignored',
      );

      const ownerClient = await signedIn(ctx.app, owner.user.email);
      const mine = parsePage((await ownerClient.get('/challenges?mine=1')).body).text;
      assert.match(mine, /My challenges 1 .*Own draft Submitted/);
      assert.doesNotMatch(mine, /Public clinic app/);
    });

    it('filters by field from a list of the fields in view, whatever the case in the address', async () => {
      const owner = await company();
      const other = await company();
      // Unique per run: other tests of this file add challenges to the same database.
      const energy = `Energy ${Date.now()}`;
      await createChallenge(ctx.db, other.company.id, { title: 'Grid storage', field: energy });
      await createChallenge(ctx.db, other.company.id, { title: 'Heat pumps', field: energy.toUpperCase() });
      await createChallenge(ctx.db, other.company.id, { title: 'Solar roofs', field: energy });
      await createChallenge(ctx.db, other.company.id, {
        title: 'Secret draft',
        field: `Hidden ${energy}`,
        status: 'submitted',
      });
      await createChallenge(ctx.db, owner.company.id, {
        title: 'Own draft',
        field: `Own ${energy}`,
        status: 'submitted',
      });
      const viewer = await signedIn(ctx.app, (await contributor()).user.email);
      const choices = (page: string) =>
        parsePage(page)
          .form('/challenges')
          .control('Field')
          .options.filter((option) => option.text.includes(energy.slice(7)));

      const all = (await viewer.get('/challenges')).body;
      assert.deepEqual(
        choices(all).map((option) => option.value),
        [energy],
        'one choice per field whatever its case, in the spelling most use; none from drafts the caller may not see',
      );
      assert.equal(parsePage(all).form('/challenges').control('Field').options[0]?.text, 'Any field');

      const filtered = await viewer.get(`/challenges?field=${encodeURIComponent(energy.toLowerCase())}`);
      const text = parsePage(filtered.body).text;
      assert.match(text, /Grid storage/);
      assert.match(text, /Heat pumps/, 'the filter ignores case');
      assert.match(text, /Solar roofs/);
      assert.deepEqual(
        choices(filtered.body)
          .filter((option) => option.selected)
          .map((option) => option.value),
        [energy],
        'the applied filter is the chosen option',
      );

      const unknown = parsePage((await viewer.get('/challenges?field=Basket%20weaving')).body);
      assert.match(unknown.text, /No challenge matches/);
      const kept = unknown
        .form('/challenges')
        .control('Field')
        .options.find((option) => option.selected);
      assert.equal(kept?.value, 'Basket weaving', 'a field no challenge has stays shown as the applied filter');

      const ownerClient = await signedIn(ctx.app, owner.user.email);
      assert.deepEqual(
        choices((await ownerClient.get('/challenges?mine=1')).body).map((option) => option.value),
        [`Own ${energy}`],
        '"My challenges" offers the fields of the company\'s own, drafts included',
      );
    });

    it('answers 404 for a challenge the caller may not see, and for ids that name nothing', async () => {
      const owner = await company();
      const draft = await createChallenge(ctx.db, owner.company.id, { status: 'rejected', rejection_reason: 'Spam.' });
      for (const client of [
        await signedIn(ctx.app, (await contributor()).user.email),
        await signedIn(ctx.app, (await company()).user.email),
      ]) {
        const response = await client.get(`/challenges/${draft.id}`);
        assert.equal(response.statusCode, 404);
        assert.deepEqual(parsePage(response.body).headings(1), ['Page not found']);
      }
      const ownerClient = await signedIn(ctx.app, owner.user.email);
      for (const path of ['/challenges/abc', '/challenges/0', '/challenges/99999999999']) {
        assert.equal((await ownerClient.get(path)).statusCode, 404, path);
      }
      const own = await ownerClient.get(`/challenges/${draft.id}`);
      assert.equal(own.statusCode, 200);
      assert.match(parsePage(own.body).text, /This challenge was not accepted Spam\./);
    });

    it('refreshes the status while the challenge is analysed, and lets the owner edit and archive it', async () => {
      const owner = await company();
      const draft = await createChallenge(ctx.db, owner.company.id, {
        status: 'analyzing',
        ai_analysis_status: 'processing',
        ai_analysis_step: 'understanding',
      });
      const page = parsePage((await (await signedIn(ctx.app, owner.user.email)).get(`/challenges/${draft.id}`)).body);
      // The live status line: app.js polls the API and reloads the page when the status or the step moves on.
      const [live] = page.liveUpdates();
      assert.equal(live.url, `/api/challenges/${draft.id}`);
      assert.equal(live.field, 'status,ai_analysis_step');
      assert.equal(live.value, 'analyzing,understanding');
      assert.match(live.text, /Being analysed now\. .*This page updates by itself\./);
      // The step indicator: the steps in order, the current one marked and each state in words.
      assert.deepEqual(page.steps('Analysis steps'), [
        { text: 'Reading the brief done', current: false },
        { text: 'Understanding what it asks now', current: true },
        { text: 'Planning the tasks next', current: false },
        { text: 'Inviting contributors next', current: false },
      ]);
      assert.equal(page.form(`/api/challenges/${draft.id}`).method, 'PUT');
      const archive = page.form(`/api/challenges/${draft.id}/archive`);
      assert.equal(archive.method, 'POST');
      assert.match(archive.confirm ?? '', /^Archive /);
      assert.deepEqual(
        archive.buttons.map((button) => button.text),
        ['Archive the challenge'],
      );
    });

    it('says a failed analysis failed and how to start again, instead of waiting for it forever', async () => {
      const owner = await company();
      const draft = await createChallenge(ctx.db, owner.company.id, {
        status: 'submitted',
        ai_analysis_status: 'failed',
      });
      const page = parsePage((await (await signedIn(ctx.app, owner.user.email)).get(`/challenges/${draft.id}`)).body);
      assert.deepEqual(page.liveUpdates(), []);
      assert.match(page.text, /The analysis of this brief failed\. .*save it again to start a new analysis\./);
      assert.doesNotMatch(page.text, /Waiting for analysis/);
      assert.equal(page.form(`/api/challenges/${draft.id}`).method, 'PUT');
    });

    it('includes the ideas section on a community discussion, and not on team work', async () => {
      const owner = await company();
      const discussion = await createChallenge(ctx.db, owner.company.id, { challenge_type: 'community_discussion' });
      const teamWork = await createChallenge(ctx.db, owner.company.id);
      const viewer = await signedIn(ctx.app, (await contributor()).user.email);
      assert.ok(
        parsePage((await viewer.get(`/challenges/${discussion.id}`)).body)
          .headings(2)
          .includes('Ideas'),
      );
      assert.ok(
        !parsePage((await viewer.get(`/challenges/${teamWork.id}`)).body)
          .headings(2)
          .includes('Ideas'),
      );
    });

    it('shows workstreams and tasks to everyone, and who is invited only to the owner', async () => {
      const owner = await company();
      const challenge = await createChallenge(ctx.db, owner.company.id, {
        title: 'Clinic booking',
        refined_brief: 'Book visits online.',
      });
      const stream = await createWorkstream(ctx.db, challenge.id, { title: 'Mobile app' });
      const task = await createTask(ctx.db, challenge.id, {
        title: 'Build the booking screens',
        workstream_id: stream.id,
        skills: ['React Native'],
        estimated_hours: 12,
        complexity_score: 6,
        status: 'matching',
      });
      const invitee = await createVolunteer(ctx.db, { user: { name: 'Ada Byron' } });
      await createAssignment(ctx.db, task.id, invitee.volunteer.id, { status: 'invited', match_score: 87 });

      const ownerText = parsePage(
        (await (await signedIn(ctx.app, owner.user.email)).get(`/challenges/${challenge.id}`)).body,
      ).text;
      assert.match(ownerText, /Refined brief Book visits online\./);
      assert.match(ownerText, /Overview .* The plan Mobile app 1 task A part of the work\./);
      assert.match(
        ownerText,
        /Tasks 1 task 0 of 1 task done, 0 in progress, 0 staffed, 1 still to staff To staff 1 Build the booking screens Looking for contributors Mobile app/,
      );
      assert.match(ownerText, /Estimate 12 hours Complexity 6 of 10/);
      assert.match(ownerText, /React Native/);
      assert.match(ownerText, /Ada Byron 87% match Invited/);
      assert.match(ownerText, /Archive the challenge/);

      const otherText = parsePage(
        (await (await signedIn(ctx.app, (await contributor()).user.email)).get(`/challenges/${challenge.id}`)).body,
      ).text;
      assert.match(otherText, /Build the booking screens/);
      assert.doesNotMatch(otherText, /Ada Byron|Archive the challenge/);
    });

    it('says why the plan asks for each skill, and marks a supporting skill as such', async () => {
      const owner = await company();
      const challenge = await createChallenge(ctx.db, owner.company.id, { title: 'Roof survey' });
      const stream = await createWorkstream(ctx.db, challenge.id, { title: 'Survey' });
      await createTask(ctx.db, challenge.id, {
        title: 'Survey the roof',
        workstream_id: stream.id,
        skills: ['Building surveying', 'Report writing'],
        skill_reasons: JSON.stringify([
          { name: 'Building surveying', reason: 'It surveys a building.', core: true },
          { name: 'Report writing', reason: 'It ends in a written report.', core: false },
        ]),
      });
      const text = parsePage(
        (await (await signedIn(ctx.app, owner.user.email)).get(`/challenges/${challenge.id}`)).body,
      ).text;
      assert.match(text, /Building surveying: It surveys a building\./);
      assert.match(text, /Report writing \(supporting\): It ends in a written report\./);
    });
  });
}
