import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, before, describe, it } from 'node:test';
import type { TSchema } from 'typebox';
import { LOW_CONFIDENCE } from '../../src/ai/confidence.ts';
import type { AnalysisProvider, AnalysisStage } from '../../src/ai/stage.ts';
import { loadTaxonomy } from '../../src/ai/taxonomy/taxonomy.ts';
import { briefFixture } from '../ai/analysis-fixtures.ts';
import { CV_FIXTURE_DIR } from '../fixtures/cvs/fixtures.ts';
import { apiClient } from '../helpers/client.ts';
import { createTestContext, type TestContext, testDialects } from '../helpers/context.ts';
import { createCompany, createVolunteer } from '../helpers/factories.ts';
import { docxFile, fileForm } from '../helpers/file-fixtures.ts';
import { parsePage } from '../helpers/page.ts';
import { signedIn, withPassword } from '../web/contributor-session.ts';
import { runQueuedJobs } from './run-jobs.ts';

/**
 * A model sure of everything: the offline analyzers' answers, each claiming 95% confidence. Honest confidence
 * (issue 12, item 7; src/ai/confidence.ts) must bring the figure down to what the input gave, whatever a provider says.
 */
const CLAIMED = 95;
const overconfident: AnalysisProvider = {
  name: 'openai',
  model: 'always-sure',
  async run<I, S extends TSchema>(stage: AnalysisStage<I, S>, input: I) {
    const output = (await stage.local(input, { taxonomy: loadTaxonomy() })) as Record<string, unknown>;
    if ('confidence' in output) output.confidence = CLAIMED;
    if ('confidence_score' in output) output.confidence_score = CLAIMED;
    return { output: output as never, provider: 'openai', model: 'always-sure' };
  },
};

for (const dialect of testDialects()) {
  describe(`honest confidence [${dialect}]`, () => {
    let ctx: TestContext;
    before(async () => {
      ctx = await createTestContext(dialect, {}, { ai: overconfident });
    });
    after(() => ctx.close());

    async function analysedCv(bytes: Buffer, fileName: string) {
      const person = await createVolunteer(ctx.db, { user: await withPassword() });
      const api = apiClient(ctx.app, person.token);
      const upload = await api.multipart('POST', '/api/volunteers/upload-cv', fileForm('cv', bytes, fileName));
      assert.equal(upload.statusCode, 200, upload.body);
      await runQueuedJobs(ctx);
      const profile = (await api.get('/api/volunteers/profile')).data;
      assert.equal(profile.ai_analysis_status, 'completed');
      const page = parsePage((await (await signedIn(ctx.app, person.user.email)).get('/profile')).body).text;
      return { profile, page };
    }

    it('a CV with few skills and no work history is low, however sure the model is, and the page says what to check', async () => {
      const { profile, page } = await analysedCv(docxFile('Freelance translator. I use Python and SQL.'), 'short.docx');
      const skills = profile.skills.filter((skill: { source: string }) => skill.source === 'cv_analysis').length;
      assert.ok(skills > 0 && skills < 5, `${skills} skills`);
      assert.ok(profile.ai_analysis_confidence < LOW_CONFIDENCE, `confidence ${profile.ai_analysis_confidence}`);
      assert.equal(profile.validation_status, 'needs_review');
      assert.match(page, new RegExp(`with ${profile.ai_analysis_confidence}% confidence\\.`));
      assert.match(
        page,
        new RegExp(
          `We found only ${skills} skills? and no work history in your CV — check the skills on your profile and add missing ones`,
        ),
      );
    });

    it('a rich CV keeps the model’s figure, is validated, and the page gives no advice', async () => {
      const bytes = fs.readFileSync(`${CV_FIXTURE_DIR}/mobile-developer.pdf`);
      const { profile, page } = await analysedCv(bytes, 'mobile-developer.pdf');
      assert.equal(profile.ai_analysis_confidence, CLAIMED);
      assert.equal(profile.validation_status, 'passed');
      assert.match(page, new RegExp(`with ${CLAIMED}% confidence\\.`));
      assert.doesNotMatch(page, /We found only|The analysis was unsure|Some details were uncertain/);
    });

    async function analysedChallenge(title: string, description: string) {
      const company = await createCompany(ctx.db, { user: await withPassword() });
      const created = await apiClient(ctx.app, company.token).post('/api/challenges', { title, description });
      assert.equal(created.statusCode, 201, created.body);
      await runQueuedJobs(ctx);
      const challenge = (await apiClient(ctx.app, company.token).get(`/api/challenges/${created.data.id}`)).data;
      const page = await (await signedIn(ctx.app, company.user.email)).get(`/challenges/${challenge.id}`);
      return { challenge, page: parsePage(page.body) };
    }

    it('a short brief is low in every stage, and the challenge’s Analysis section says what to check', async () => {
      const { challenge, page } = await analysedChallenge(
        'Clean up the community garden',
        'Our community garden is overgrown. We need volunteers to clear the weeds, fix the fence and plant new beds.',
      );
      assert.ok(challenge.analyses.length > 0);
      for (const analysis of challenge.analyses) {
        assert.ok(analysis.confidence_score < LOW_CONFIDENCE, `${analysis.stage}: ${analysis.confidence_score}`);
      }
      // Outside the folded details, so it is read without opening them.
      const text = page.textOf('#analysis > [data-confidence-advice]');
      assert.match(text, /Low confidence \(Brief analysis \d+%/);
      assert.match(text, /The brief is short \(\d+ words\)/);
      assert.match(text, /Check the/);
    });

    it('a full brief keeps the model’s figures and shows no advice', async () => {
      const brief = briefFixture('software-food-bank-delivery-app');
      const { challenge, page } = await analysedChallenge(brief.title, brief.description);
      assert.equal(challenge.challenge_type, 'team_execution');
      assert.deepEqual(
        challenge.analyses.map((analysis: { confidence_score: number }) => analysis.confidence_score),
        [CLAIMED, CLAIMED, CLAIMED],
      );
      assert.match(page.textOf('#analysis'), /Analysis/);
      assert.doesNotMatch(page.text, /Low confidence|The brief is short|unsure of what it read/);
    });
  });
}
