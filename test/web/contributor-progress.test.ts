import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createTestContext, type TestContext, testDialects } from '../helpers/context.ts';
import {
  addVolunteerSkill,
  createAssignment,
  createChallenge,
  createCompany,
  createTask,
  createVolunteer,
  ensureSkill,
} from '../helpers/factories.ts';
import { parsePage } from '../helpers/page.ts';
import { signedIn, withPassword } from './contributor-session.ts';

/**
 * The contributor's dashboard and profile built around the work (issue 13, item 3): the challenges they work on,
 * each with its team's progress as a bar and in words; their skills as chips grouped by category with the level
 * in words beside its bar.
 */
for (const dialect of testDialects()) {
  describe(`contributor dashboard progress and skill chips [${dialect}]`, () => {
    let ctx: TestContext;
    before(async () => {
      ctx = await createTestContext(dialect);
    });
    after(() => ctx.close());

    it('shows the progress of each challenge the contributor works on, not of those only invited to', async () => {
      const company = await createCompany(ctx.db, { company: { company_name: 'Harbour Trust' } });
      const rota = await createChallenge(ctx.db, company.company.id, { title: 'Volunteer rota app' });
      const other = await createChallenge(ctx.db, company.company.id, { title: 'Food bank routes' });
      const me = await createVolunteer(ctx.db, { user: await withPassword() });
      const mine = await createTask(ctx.db, rota.id, { status: 'in_progress' });
      await createTask(ctx.db, rota.id, { status: 'completed' });
      await createTask(ctx.db, rota.id, { status: 'assigned' });
      await createTask(ctx.db, rota.id, { status: 'matching' });
      await createAssignment(ctx.db, mine.id, me.volunteer.id, { status: 'in_progress' });
      const invitedOnly = await createTask(ctx.db, other.id, { status: 'matching' });
      await createAssignment(ctx.db, invitedOnly.id, me.volunteer.id);

      const client = await signedIn(ctx.app, me.user.email);
      const page = parsePage((await client.get('/dashboard')).body);
      const section = page.textOf('section[aria-labelledby="worked-title"]');
      assert.match(
        section,
        /Volunteer rota app .*Harbour Trust .*1 of 4 tasks done, 1 in progress, 1 staffed, 1 still to staff/,
      );
      assert.doesNotMatch(section, /Food bank routes/);
      assert.equal(page.link('Volunteer rota app').href, `/challenges/${rota.id}`);
    });

    it("puts the company's logo on the challenge list's cards, and its initials without one", async () => {
      const withLogo = await createCompany(ctx.db, {
        company: { company_name: 'Harbour Trust', logo_storage_key: 'logos/harbour.png' },
      });
      const without = await createCompany(ctx.db, { company: { company_name: 'Food Bank North' } });
      await createChallenge(ctx.db, withLogo.company.id, { title: 'Volunteer rota app' });
      await createChallenge(ctx.db, without.company.id, { title: 'Food bank routes' });
      const me = await createVolunteer(ctx.db, { user: await withPassword() });
      const body = (await (await signedIn(ctx.app, me.user.email)).get('/challenges')).body;
      const page = parsePage(body);
      assert.ok(
        page.images().some((image) => image.alt === 'Harbour Trust logo' && image.src === '/files/logos/harbour.png'),
      );
      // The initials tile repeats the name written beside it, so it is hidden from screen readers.
      assert.match(
        body,
        /<span class="logo initials small" aria-hidden="true">FB<\/span><h2><a href="\/challenges\/\d+">Food bank routes/,
      );
    });

    it('says so when the contributor works on no challenge yet', async () => {
      const me = await createVolunteer(ctx.db, { user: await withPassword() });
      const page = parsePage((await (await signedIn(ctx.app, me.user.email)).get('/dashboard')).body);
      assert.match(page.textOf('section[aria-labelledby="worked-title"]'), /Once you accept a task/);
    });

    it('groups the skills as chips by category, strongest first, with the level in words', async () => {
      const me = await createVolunteer(ctx.db, { user: await withPassword() });
      await ensureSkill(ctx.db, 'Python', 'technical');
      await ensureSkill(ctx.db, 'Mentoring', 'soft');
      await ensureSkill(ctx.db, 'SQL', 'technical');
      await addVolunteerSkill(ctx.db, me.volunteer.id, 'SQL', 'intermediate');
      await addVolunteerSkill(ctx.db, me.volunteer.id, 'Python', 'expert');
      await addVolunteerSkill(ctx.db, me.volunteer.id, 'Mentoring', 'advanced');
      const client = await signedIn(ctx.app, me.user.email);
      for (const path of ['/dashboard', '/profile']) {
        const page = parsePage((await client.get(path)).body);
        const chips = page.textOf('.skill-groups');
        assert.match(
          chips,
          /Technical Python expert, 4 of 4 SQL intermediate, 2 of 4 Working with people Mentoring advanced, 3 of 4/,
          path,
        );
      }
    });
  });
}
