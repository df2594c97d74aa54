import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { apiClient } from '../helpers/client.ts';
import { createTestContext, type TestContext, testDialects } from '../helpers/context.ts';
import {
  addVolunteerSkill,
  createAssignment,
  createChallenge,
  createCompany,
  createTask,
  createVolunteer,
} from '../helpers/factories.ts';
import { parsePage } from '../helpers/page.ts';
import { contributor as contributorWithSkills } from '../pipeline/matching-fixtures.ts';
import { signedIn, withPassword } from './contributor-session.ts';

/**
 * Applying for a task on the pages (issue 13, item 1): "Find tasks" offers "I'm interested" with a note and, once
 * applied, shows it with a way to withdraw; the owning company's people page lists the applicants beside the
 * candidates, with their note and card, and Invite. Who sees what.
 */
for (const dialect of testDialects()) {
  describe(`applying for tasks, pages [${dialect}]`, () => {
    let ctx: TestContext;
    before(async () => {
      ctx = await createTestContext(dialect);
    });
    after(() => ctx.close());

    async function scenario() {
      const company = await createCompany(ctx.db, { user: await withPassword() });
      const challenge = await createChallenge(ctx.db, company.company.id, { title: 'Cold chain' });
      const skill = `Refrigeration ${process.pid}-${Math.random()}`;
      const task = await createTask(ctx.db, challenge.id, { title: 'Size the cold room', skills: [skill] });
      const applicant = await createVolunteer(ctx.db, {
        user: { ...(await withPassword()), name: 'Frida Frost' },
        volunteer: { experience_level: 'mid' },
      });
      await addVolunteerSkill(ctx.db, applicant.volunteer.id, skill, 'advanced');
      return { company, challenge, task, applicant, skill };
    }

    it('"Find tasks" offers I\'m interested with a note, then shows the application and a way to withdraw it', async () => {
      const { task, applicant } = await scenario();
      const client = await signedIn(ctx.app, applicant.user.email);

      const before = await client.get('/tasks/available');
      assert.equal(before.statusCode, 200);
      const offer = parsePage(before.body);
      const apply = offer.form(`/api/tasks/${task.id}/interest`);
      assert.equal(apply.method, 'POST');
      assert.ok(offer.control('A short note to the company (optional)'));
      assert.match(offer.text, /I'm interested…/);
      assert.doesNotMatch(offer.text, /You applied/);

      const note = 'I sized three cold rooms for a dairy.';
      const applied = await apiClient(ctx.app, applicant.token).post(`/api/tasks/${task.id}/interest`, { note });
      assert.equal(applied.statusCode, 201, applied.body);

      const after = parsePage((await client.get('/tasks/available')).body);
      assert.match(after.text, /Size the cold room/, 'the task stays in the feed until an invitation');
      assert.match(after.text, /You applied/);
      assert.match(after.text, /Your note: .?I sized three cold rooms for a dairy\./);
      const withdraw = after.form(`/api/tasks/${task.id}/interest`);
      assert.equal(withdraw.method, 'DELETE');
      assert.match(after.text, /Withdraw my interest/);
      assert.doesNotMatch(after.text, /I'm interested…/);
    });

    it('an applicant whose CV is not yet checked is shown with the skill they list, marked so; one listing none holds none', async () => {
      const { company, task, skill } = await scenario();
      const unchecked = { validation_status: 'needs_review' };
      const listing = await contributorWithSkills(ctx.db, {
        user: { name: 'Nils Needsreview' },
        skills: { [skill]: 'advanced' },
        evidence: { [skill]: 'Designed cold rooms for two dairies.' },
        volunteer: unchecked,
      });
      const none = await contributorWithSkills(ctx.db, {
        user: { name: 'Otto Otherwise' },
        skills: { [`Pottery ${process.pid}-${Math.random()}`]: 'expert' },
        volunteer: unchecked,
      });
      for (const person of [listing, none]) {
        const applied = await apiClient(ctx.app, person.token).post(`/api/tasks/${task.id}/interest`, {});
        assert.equal(applied.statusCode, 201, applied.body);
      }

      const client = await signedIn(ctx.app, company.user.email);
      const page = parsePage((await client.get(`/tasks/${task.id}/people`)).body);
      const cardOf = (name: string) => {
        const text = page.textOf('#applicants');
        const start = text.indexOf(name);
        assert.ok(start >= 0, `${name} is among the applicants`);
        const next = ['Nils Needsreview', 'Otto Otherwise']
          .map((other) => text.indexOf(other, start + 1))
          .filter((index) => index > start);
        return text.slice(start, next.length > 0 ? Math.min(...next) : undefined);
      };
      const nils = cardOf('Nils Needsreview');
      assert.match(nils, /Refrigeration [\d.-]+, advanced \(listed on the CV, not yet checked\)/);
      assert.match(nils, /Designed cold rooms for two dairies\./, 'with the CV evidence');
      assert.doesNotMatch(nils, /Holds none of the skills asked for/);
      const otto = cardOf('Otto Otherwise');
      assert.match(otto, /Holds none of the skills asked for\./);
      assert.doesNotMatch(otto, /not yet checked/);
    });

    it("the owning company sees applicants beside the candidates, with their note, card and Invite; others don't", async () => {
      const { company, task, applicant } = await scenario();
      const note = 'Dairy cold rooms are my trade.';
      await apiClient(ctx.app, applicant.token).post(`/api/tasks/${task.id}/interest`, { note });
      const client = await signedIn(ctx.app, company.user.email);

      const response = await client.get(`/tasks/${task.id}/people`);
      assert.equal(response.statusCode, 200, response.body);
      const page = parsePage(response.body);
      assert.deepEqual(page.headings(2).slice(0, 3), ['Applicants (1)', 'Candidates', 'Invited and working']);
      const applicants = page.textOf('#applicants');
      assert.match(applicants, /Frida Frost/);
      assert.match(applicants, /Applied/);
      assert.match(applicants, /Dairy cold rooms are my trade\./);
      assert.match(applicants, /Refrigeration [\d.-]+, advanced/, 'the card shows the task skill they hold');
      assert.match(applicants, /\d+% match/);
      assert.match(applicants, /Invite Frida Frost…/);
      assert.match(response.body, new RegExp(`name="volunteer_id" value="${applicant.volunteer.id}" data-number`));
      assert.match(page.textOf('#candidates-title + *'), /Applied for this task: see Applicants\./);

      // Once invited, the applicant's card says so instead of offering Invite again.
      await createAssignment(ctx.db, task.id, applicant.volunteer.id, { invited_by: 'company' });
      const invited = parsePage((await client.get(`/tasks/${task.id}/people`)).body).textOf('#applicants');
      assert.match(invited, /Already on the task/);
      assert.doesNotMatch(invited, /Invite Frida Frost…/);

      const other = await createCompany(ctx.db, { user: await withPassword() });
      const otherClient = await signedIn(ctx.app, other.user.email);
      const foreign = await otherClient.get(`/tasks/${task.id}/people`);
      assert.equal(foreign.statusCode, 404);
      assert.doesNotMatch(foreign.body, /Dairy cold rooms/);
      const contributor = await signedIn(ctx.app, applicant.user.email);
      assert.equal((await contributor.get(`/tasks/${task.id}/people`)).statusCode, 403);
    });

    it('a task nobody applied for says how applicants arrive', async () => {
      const { company, task } = await scenario();
      const client = await signedIn(ctx.app, company.user.email);
      const page = parsePage((await client.get(`/tasks/${task.id}/people`)).body);
      assert.match(page.textOf('#applicants'), /Nobody has applied yet\./);
    });
  });
}
