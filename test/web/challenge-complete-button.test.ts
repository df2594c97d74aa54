import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import * as cheerio from 'cheerio';
import { createTestContext, type TestContext, testDialects } from '../helpers/context.ts';
import { createChallenge, createCompany, createVolunteer } from '../helpers/factories.ts';
import { signedIn, withPassword } from './contributor-session.ts';

for (const dialect of testDialects()) {
  describe(`the owner's "complete" button on the challenge page [${dialect}]`, () => {
    let ctx: TestContext;
    before(async () => {
      ctx = await createTestContext(dialect);
    });
    after(() => ctx.close());

    /** The button and the API route its form calls, as the page shows them. */
    async function completeButton(email: string, challengeId: number) {
      const page = await (await signedIn(ctx.app, email)).get(`/challenges/${challengeId}`);
      assert.equal(page.statusCode, 200);
      const $ = cheerio.load(page.body);
      const button = $('button').filter((_, element) => $(element).text().trim() === 'Mark the challenge completed');
      return { count: button.length, action: button.closest('form').attr('data-api') };
    }

    it('is offered to the owner while the challenge runs, and calls POST /api/challenges/{id}/complete', async () => {
      const owner = await createCompany(ctx.db, { user: await withPassword() });
      for (const status of ['active', 'in_progress'] as const) {
        const challenge = await createChallenge(ctx.db, owner.company.id, { status });
        assert.deepEqual(await completeButton(owner.user.email, challenge.id), {
          count: 1,
          action: `/api/challenges/${challenge.id}/complete`,
        });
      }
      for (const status of ['submitted', 'completed', 'archived'] as const) {
        const challenge = await createChallenge(ctx.db, owner.company.id, { status });
        assert.equal((await completeButton(owner.user.email, challenge.id)).count, 0, status);
      }
    });

    it('is not offered to anyone else', async () => {
      const owner = await createCompany(ctx.db);
      const challenge = await createChallenge(ctx.db, owner.company.id, { status: 'active' });
      const contributor = await createVolunteer(ctx.db, { user: await withPassword() });
      const other = await createCompany(ctx.db, { user: await withPassword() });
      assert.equal((await completeButton(contributor.user.email, challenge.id)).count, 0);
      assert.equal((await completeButton(other.user.email, challenge.id)).count, 0);
    });
  });
}
