import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { TSchema } from 'typebox';
import type { CvAnalysis } from '../../src/ai/cv/schema.ts';
import type { AnalysisProvider, AnalysisStage } from '../../src/ai/stage.ts';
import { loadTaxonomy } from '../../src/ai/taxonomy/taxonomy.ts';
import { apiClient } from '../helpers/client.ts';
import { createTestContext, type TestContext, testDialects } from '../helpers/context.ts';
import { createVolunteer } from '../helpers/factories.ts';
import { docxFile, fileForm } from '../helpers/file-fixtures.ts';
import { runQueuedJobs } from './run-jobs.ts';

/**
 * A model's skills that the taxonomy does not know follow the offline analyzer's rule (issue 8, items 2 and 6): kept
 * in the CV's words when they pass a listed item's rules and the CV writes them, dropped otherwise, and stored without
 * the category the model guessed.
 */
const modelSkill = (name: string): CvAnalysis['skills'][number] => ({
  name,
  proficiency_level: 'advanced',
  category: 'technical',
  years_of_experience: null,
  evidence: 'Foam carving, prop weathering',
});

const model: AnalysisProvider = {
  name: 'openai',
  model: 'own-words',
  async run<I, S extends TSchema>(stage: AnalysisStage<I, S>, input: I) {
    const output = (await stage.local(input, { taxonomy: loadTaxonomy() })) as CvAnalysis;
    if (stage.name === 'cv') {
      output.skills = [
        ...output.skills.filter((skill) => skill.category !== null),
        ...['foam carving', 'Prop Weathering', 'Puppet design', 'Level 3', 'I am a quick learner'].map(modelSkill),
      ];
    }
    return { output: output as never, provider: 'openai', model: 'own-words' };
  },
};

for (const dialect of testDialects()) {
  describe(`a model's skills in the CV's own words [${dialect}]`, () => {
    let ctx: TestContext;
    before(async () => {
      ctx = await createTestContext(dialect, {}, { ai: model });
    });
    after(() => ctx.close());

    it('keeps those the CV lists, drops the others, and stores no category for them', async () => {
      const person = await createVolunteer(ctx.db);
      const client = apiClient(ctx.app, person.token);
      const cv = docxFile(['Skills', 'Carpentry, Welding', 'Foam carving, prop weathering', 'Level 3 award']);
      const uploaded = await client.multipart('POST', '/api/volunteers/upload-cv', fileForm('cv', cv, 'cv.docx'));
      assert.equal(uploaded.statusCode, 200, uploaded.body);
      await runQueuedJobs(ctx);
      const profile = (await client.get('/api/volunteers/profile')).data;
      assert.equal(profile.ai_analysis_status, 'completed');
      const own = (profile.skills as Array<{ name: string; category: string | null }>).filter(
        (skill) => skill.category === null,
      );
      assert.deepEqual(own.map((skill) => skill.name).sort(), ['Foam carving', 'Prop Weathering']);
    });
  });
}
