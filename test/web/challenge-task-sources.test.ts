import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createTestContext, type TestContext, testDialects } from '../helpers/context.ts';
import { createChallenge, createCompany, createTask, createVolunteer, createWorkstream } from '../helpers/factories.ts';
import { parsePage } from '../helpers/page.ts';
import { signedIn, withPassword } from './contributor-session.ts';

/** The challenge page says why each task exists: the brief's words it came from, and why it needs each skill. */
for (const dialect of testDialects()) {
  describe(`challenge page: task sources and skill reasons [${dialect}]`, () => {
    let ctx: TestContext;
    before(async () => {
      ctx = await createTestContext(dialect);
    });
    after(() => ctx.close());

    it("shows each task's excerpt of the brief and the reason for each required skill", async () => {
      const owner = await createCompany(ctx.db, { user: await withPassword() });
      const challenge = await createChallenge(ctx.db, owner.company.id);
      const workstream = await createWorkstream(ctx.db, challenge.id);
      await createTask(ctx.db, challenge.id, {
        workstream_id: workstream.id,
        title: 'Rewrite the ten most important pages',
        skills: ['Copywriting'],
        source: 'rewrite the ten most important pages in plain English & <simple> words',
        skill_reasons: JSON.stringify([{ name: 'Copywriting', reason: 'Needed because it is writing.' }]),
      });
      await createTask(ctx.db, challenge.id, { workstream_id: workstream.id, title: 'Older task', skills: ['Figma'] });

      for (const email of [
        owner.user.email,
        (await createVolunteer(ctx.db, { user: await withPassword() })).user.email,
      ]) {
        const page = await (await signedIn(ctx.app, email)).get(`/challenges/${challenge.id}`);
        assert.equal(page.statusCode, 200);
        const text = parsePage(page.body).text;
        // Escaped: "<simple>" is read as the word it is, not swallowed as a tag.
        assert.match(text, /From the brief: “rewrite the ten most important pages in plain English & <simple> words”/);
        assert.match(text, /Copywriting: Needed because it is writing\./);
        assert.match(text, /Older task/);
        assert.equal(text.match(/From the brief:/g)?.length, 1, 'a task without a source shows none');
      }
    });
  });
}
