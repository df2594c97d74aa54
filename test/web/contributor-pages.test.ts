import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createTestContext, type TestContext, testDialects } from '../helpers/context.ts';
import {
  addVolunteerSkill,
  createAssignment,
  createChallenge,
  createCompany,
  createTask,
  createUser,
  createVolunteer,
  ensureSkill,
} from '../helpers/factories.ts';
import { parsePage } from '../helpers/page.ts';
import { webClient } from '../helpers/web-client.ts';
import { signedIn, withPassword } from './contributor-session.ts';

const PAGES = ['/profile', '/tasks/available', '/assignments', '/assignments/1'];

for (const dialect of testDialects()) {
  describe(`contributor pages: access, profile, tasks, dashboard [${dialect}]`, () => {
    let ctx: TestContext;
    before(async () => {
      ctx = await createTestContext(dialect);
    });
    after(() => ctx.close());

    it('sends a signed-out visitor to sign in, and back to the page afterwards', async () => {
      for (const page of PAGES) {
        const response = await webClient(ctx.app).get(`${page}?page=2`);
        assert.equal(response.statusCode, 303, page);
        assert.equal(response.headers.location, `/login?next=${encodeURIComponent(`${page}?page=2`)}`);
      }
    });

    it('gives a company account the 403 page on every contributor page', async () => {
      const company = await createCompany(ctx.db, { user: await withPassword() });
      const client = await signedIn(ctx.app, company.user.email);
      for (const page of ['/profile', '/tasks/available', '/assignments']) {
        const response = await client.get(page);
        assert.equal(response.statusCode, 403, page);
        assert.match(response.headers['content-type'] as string, /^text\/html/);
        assert.match(parsePage(response.body).text, /You cannot do that This page is for contributor accounts\./);
      }
    });

    it('asks a contributor without a profile to complete it, everywhere it matters', async () => {
      const user = await createUser(ctx.db, 'contributor', await withPassword());
      const client = await signedIn(ctx.app, user.email);

      const response = await client.get('/profile');
      assert.equal(response.statusCode, 200);
      const profile = parsePage(response.body);
      assert.match(profile.headings(1)[0], /^Complete your profile, /);
      const form = profile.form('/api/volunteers/complete-profile');
      assert.equal(form.method, 'POST');
      assert.equal(form.redirect, '/profile');
      const fields = ['Your field', 'Hours a week you can give', 'About you (optional)'].map(form.control);
      assert.deepEqual(
        fields.map((control) => control.name),
        ['field', 'availability_hours_per_week', 'bio'],
      );
      assert.deepEqual([fields[1].type, fields[1].min, fields[1].max], ['number', '0', '168']);

      const dashboard = parsePage((await client.get('/dashboard')).body);
      assert.match(dashboard.text, /Complete your profile to get started/);
      assert.equal(dashboard.link('Complete your profile').href, '/profile');

      assert.match(
        parsePage((await client.get('/tasks/available')).body).text,
        /Complete your profile and upload your CV/,
      );
      assert.match(
        parsePage((await client.get('/assignments')).body).text,
        /You have no assignments yet\. Complete your profile/,
      );
    });

    it('shows the profile with the CV analysis result: skills, experience, education and work history', async () => {
      const { user, volunteer } = await createVolunteer(ctx.db, {
        user: await withPassword(),
        volunteer: {
          cv_file_name: 'ada-cv.pdf',
          cv_uploaded_at: '2026-11-20T09:00:00.000Z',
          ai_analysis_status: 'completed',
          ai_analysis_confidence: 84,
          ai_analyzed_at: '2026-11-20T09:01:00.000Z',
          validation_status: 'passed',
          experience_level: 'senior',
          years_of_experience: 9,
          professional_domains: JSON.stringify(['Healthcare']),
          education: JSON.stringify([
            { degree: 'MSc', field_of_study: 'Computer Science', institution: 'Leeds', graduation_year: 2015 },
          ]),
          work_experience: JSON.stringify([
            { job_title: 'Lead Engineer', company: 'NHS Digital', start_date: '2019-03', end_date: null },
          ]),
        },
      });
      await addVolunteerSkill(ctx.db, volunteer.id, 'TypeScript', 'expert');
      const client = await signedIn(ctx.app, user.email);
      const page = await client.get('/profile');
      assert.equal(page.statusCode, 200);
      const parsed = parsePage(page.body);
      const text = parsed.text;
      assert.match(text, /Current CV: ada-cv\.pdf, uploaded 20 Nov 2026, 09:00 UTC\./);
      assert.match(text, /Completed Analysed 20 Nov 2026, 09:01 UTC, with 84% confidence\./);
      assert.equal(parsed.control('Level of TypeScript').value, 'expert');
      assert.match(text, /Set level of TypeScript \(3 yrs\) technical · yours \(added or set by you\)/);
      assert.match(text, /Experience level senior Years of experience 9 Domains Healthcare/);
      assert.match(text, /Lead Engineer at NHS Digital 2019-03 – now/);
      assert.match(text, /MSc, Computer Science Leeds, 2015/);
      assert.equal(parsed.form('/api/volunteers/profile').method, 'PUT');
      const cv = parsed.form('/api/volunteers/upload-cv').control(/CV/);
      assert.deepEqual([cv.type, cv.name], ['file', 'cv']);
      assert.deepEqual(parsed.liveUpdates(), [], 'nothing to watch once the analysis is done');
      assert.ok(!parsed.statuses().includes('Your details were saved.'));
      assert.ok(
        parsePage((await client.get('/profile?saved=details')).body)
          .statuses()
          .includes('Your details were saved.'),
      );
    });

    it('quotes under each skill from the CV the excerpt it was read from, escaped', async () => {
      const { user, volunteer } = await createVolunteer(ctx.db, {
        user: await withPassword(),
        volunteer: { ai_analysis_status: 'completed', validation_status: 'passed' },
      });
      const wound = await ensureSkill(ctx.db, 'Wound care', 'domain');
      await ctx.db
        .insertInto('volunteer_skills')
        .values({
          volunteer_id: volunteer.id,
          skill_id: wound.id,
          proficiency_level: 'advanced',
          years_of_experience: 6,
          source: 'cv_analysis',
          evidence: 'Wound care & dressing audits for <b>28-bed</b> ward',
          created_at: new Date().toISOString(),
        })
        .execute();
      await addVolunteerSkill(ctx.db, volunteer.id, 'TypeScript', 'expert');
      const page = await (await signedIn(ctx.app, user.email)).get('/profile');
      assert.equal(page.statusCode, 200);
      // Escaped: the words "<b>28-bed</b>" are read as written, not as markup.
      const parsed = parsePage(page.body);
      const text = parsed.text;
      assert.match(text, /Wound care “Wound care & dressing audits for <b>28-bed<\/b> ward” Level of Wound care/);
      assert.equal(parsed.control('Level of Wound care').value, 'advanced');
      assert.match(text, /Set level of Wound care \(6 yrs\) \S+ · from your CV/);
      assert.match(text, /TypeScript Level of TypeScript [^“]+ · yours/, 'a skill added by hand quotes nothing');
    });

    it('watches a pending analysis and explains a failed one with the reason the API gives', async () => {
      const pending = await createVolunteer(ctx.db, {
        user: await withPassword(),
        volunteer: { cv_file_name: 'cv.docx', cv_uploaded_at: new Date().toISOString(), ai_analysis_status: 'pending' },
      });
      const pendingPage = await (await signedIn(ctx.app, pending.user.email)).get('/profile');
      const watched = parsePage(pendingPage.body);
      assert.deepEqual(
        watched.liveUpdates().map(({ url, field, value }) => ({ url, field, value })),
        [{ url: '/api/volunteers/profile', field: 'ai_analysis_status,ai_analysis_step', value: 'pending,' }],
      );
      assert.match(watched.text, /Waiting to be analysed Your CV is waiting to be analysed\./);
      assert.ok(
        watched.steps('CV analysis steps').every((step) => !step.current && step.text.endsWith('next')),
        'queued: every step still to come',
      );

      const running = await createVolunteer(ctx.db, {
        user: await withPassword(),
        volunteer: {
          cv_file_name: 'cv.docx',
          cv_uploaded_at: new Date().toISOString(),
          ai_analysis_status: 'processing',
          ai_analysis_step: 'matching',
        },
      });
      const client = await signedIn(ctx.app, running.user.email);
      for (const path of ['/profile', '/dashboard']) {
        const runningPage = parsePage((await client.get(path)).body);
        assert.deepEqual(runningPage.liveUpdates()[0]?.value, 'processing,matching', path);
        assert.deepEqual(
          runningPage.steps('CV analysis steps'),
          [
            { text: 'Reading your CV done', current: false },
            { text: 'Understanding your skills and experience done', current: false },
            { text: 'Matching you to tasks now', current: true },
          ],
          path,
        );
      }

      const failed = await createVolunteer(ctx.db, {
        user: await withPassword(),
        volunteer: {
          cv_file_name: 'scan.pdf',
          cv_uploaded_at: new Date().toISOString(),
          ai_analysis_status: 'failed',
          ai_analysis_error: 'The PDF is a scanned image with no text',
        },
      });
      const failedPage = await (await signedIn(ctx.app, failed.user.email)).get('/profile');
      assert.match(
        parsePage(failedPage.body).text,
        /Analysis failed We could not analyse your CV: The PDF is a scanned image with no text\. Please upload another file\./,
      );
    });

    it('lists the available tasks with their company and its logo, skills, hours and challenge, a page at a time', async () => {
      const company = await createCompany(ctx.db, {
        company: { company_name: 'Harbour Health', logo_storage_key: 'logos/harbour-health.png' },
      });
      const challenge = await createChallenge(ctx.db, company.company.id, { title: 'Clinic booking' });
      for (let n = 1; n <= 13; n++) {
        await createTask(ctx.db, challenge.id, { title: `Booking task ${n}`, skills: ['Kotlin'], estimated_hours: 12 });
      }
      const other = await createTask(ctx.db, challenge.id, { title: 'Needs Cobol', skills: ['Cobol'] });
      const { user, volunteer } = await createVolunteer(ctx.db, { user: await withPassword() });
      await addVolunteerSkill(ctx.db, volunteer.id, 'Kotlin');
      const client = await signedIn(ctx.app, user.email);

      const first = await client.get('/tasks/available');
      assert.equal(first.statusCode, 200);
      const firstPage = parsePage(first.body);
      const text = firstPage.text;
      assert.ok(firstPage.headings(2).includes('13 tasks match your skills'));
      assert.match(
        text,
        /Booking task 13 Harbour Health · Challenge: Clinic booking Do the thing well\. Kotlin Estimated time 12 hours/,
      );
      // Every card carries its company's logo (issue 13, item 3), looked up once for the page.
      assert.deepEqual(
        firstPage.images().filter((image) => image.alt === 'Harbour Health logo'),
        Array.from({ length: 12 }, () => ({ alt: 'Harbour Health logo', src: '/files/logos/harbour-health.png' })),
      );
      assert.equal(firstPage.link('Clinic booking').href, `/challenges/${challenge.id}`);
      assert.doesNotMatch(text, new RegExp(other.title), 'a task needing none of my skills is not offered');
      assert.equal(firstPage.link('Next page').href, '/tasks/available?page=2');
      assert.match(text, /Page 1 of 2/);

      const second = parsePage((await client.get('/tasks/available?page=2')).body).text;
      assert.match(second, /Booking task 1 /);
      assert.match(second, /Page 2 of 2 /);
      assert.match(parsePage((await client.get('/tasks/available?page=x')).body).text, /Page 1 of 2/);
    });

    it('puts invitations, the active task, matching tasks and profile completeness on the dashboard', async () => {
      const company = await createCompany(ctx.db);
      const challenge = await createChallenge(ctx.db, company.company.id);
      const { user, volunteer } = await createVolunteer(ctx.db, { user: await withPassword() });
      await addVolunteerSkill(ctx.db, volunteer.id, 'Swift');
      const invitedTask = await createTask(ctx.db, challenge.id, { title: 'iOS screens', skills: ['Swift'] });
      const activeTask = await createTask(ctx.db, challenge.id, { title: 'Push notifications', skills: ['Swift'] });
      await createTask(ctx.db, challenge.id, { title: 'Widget', skills: ['Swift'] });
      const invitation = await createAssignment(ctx.db, invitedTask.id, volunteer.id);
      const active = await createAssignment(ctx.db, activeTask.id, volunteer.id, { status: 'in_progress' });

      const page = await (await signedIn(ctx.app, user.email)).get('/dashboard');
      assert.equal(page.statusCode, 200);
      const dashboard = parsePage(page.body);
      const text = dashboard.text;
      assert.match(text, /Invitations 1 iOS screens Invitation/);
      assert.match(text, /80% match · you have 80% of the skills it asks for Why you were invited Good fit/);
      assert.deepEqual(
        dashboard.form(`/api/assignments/${invitation.id}/accept`).buttons.map((b) => b.text),
        ['Accept invitation'],
      );
      assert.deepEqual(
        dashboard.form(`/api/assignments/${invitation.id}/reject`).buttons.map((b) => b.text),
        ['Decline invitation'],
      );
      assert.match(text, /You can work on one task at a time\./, 'the active-task rule, since one is held');
      assert.match(text, /Your active task Push notifications In progress Submit your solution when it is ready\./);
      assert.equal(dashboard.link('Open the task').href, `/assignments/${active.id}`);
      // The task card carries its company: this one has no logo, so its initials (hidden from screen readers, the
      // name being written beside them).
      const fit = dashboard.textOf('section[aria-labelledby="fit-title"]');
      assert.match(fit, new RegExp(`Widget ${company.company.company_name} · Challenge:`));
      const initials = company.company.company_name
        .split(' ')
        .slice(0, 2)
        .map((word) => word[0]!.toUpperCase())
        .join('');
      assert.match(
        page.body,
        new RegExp(`<span class="logo initials small" aria-hidden="true">${initials}</span><h3 id="task-`),
      );
      assert.match(text, /2 of 4 steps done/);
      assert.match(text, /CV uploaded: to do/);
    });

    it('shows the three best invitations on the dashboard, with a link to all of them', async () => {
      const company = await createCompany(ctx.db);
      const challenge = await createChallenge(ctx.db, company.company.id);
      const { user, volunteer } = await createVolunteer(ctx.db, { user: await withPassword() });
      for (const score of [91, 62, 88, 75]) {
        const task = await createTask(ctx.db, challenge.id, { title: `Scored ${score}` });
        await createAssignment(ctx.db, task.id, volunteer.id, { match_score: score });
      }
      const text = parsePage((await (await signedIn(ctx.app, user.email)).get('/dashboard')).body).text;
      assert.match(text, /Invitations 4 Scored 91 .* Scored 88 .* Scored 75 .*See all 4 invitations/);
      assert.doesNotMatch(text, /Scored 62/);
    });
  });
}
