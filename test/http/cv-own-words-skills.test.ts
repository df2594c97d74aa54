import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { loadTaxonomy } from '../../src/ai/taxonomy/taxonomy.ts';
import { apiClient } from '../helpers/client.ts';
import { createTestContext, type TestContext, testDialects } from '../helpers/context.ts';
import { createCompany, createVolunteer } from '../helpers/factories.ts';
import { docxFile, fileForm } from '../helpers/file-fixtures.ts';
import { runQueuedJobs } from '../pipeline/run-jobs.ts';

type Skill = {
  id: number;
  name: string;
  category: string | null;
  proficiency_level: string;
  source: string;
  evidence: string | null;
};

/**
 * A skill a CV lists in words the taxonomy does not know reaches the contributor's profile (issue 8, item 2): it gets
 * a skills row of its own (one for everyone who lists it, never one that duplicates a taxonomy skill), shows with its
 * excerpt, can be found by a company's search and removed or re-levelled by the contributor, and stays off after they
 * removed it. Adding such a name by hand stays refused: what a person adds is a skill of the taxonomy.
 */
const cvLines = (ownSkills: string) => [
  'Sam Carver',
  'Theatre Prop Maker',
  'sam.carver@example.org',
  'Summary',
  'Prop maker for regional theatres and touring companies, building props, armour and furniture for the stage.',
  'Experience',
  'Prop Maker, Riverside Playhouse Ltd',
  'March 2018 – present',
  '- Built props for 30 productions with carpentry, welding and scenic painting',
  '- Managed the props budget, health and safety checks and suppliers',
  'Scenic Carpenter, Northern Stage Company',
  'June 2014 – February 2018',
  '- Built and painted sets with carpentry and joinery',
  'Education',
  'BA (Hons) Theatre Design, University of Leeds, 2014',
  'Skills',
  'Carpentry, Welding, Scenic painting, Budgeting, Joinery, Project management',
  ownSkills,
];

for (const dialect of testDialects()) {
  describe(`skills in the CV's own words [${dialect}]`, () => {
    let ctx: TestContext;
    before(async () => {
      ctx = await createTestContext(dialect);
    });
    after(() => ctx.close());

    async function analysed(ownSkills: string) {
      const person = await createVolunteer(ctx.db);
      const client = apiClient(ctx.app, person.token);
      const cv = docxFile(cvLines(ownSkills));
      const uploaded = await client.multipart('POST', '/api/volunteers/upload-cv', fileForm('cv', cv, 'cv.docx'));
      assert.equal(uploaded.statusCode, 200, uploaded.body);
      await runQueuedJobs(ctx);
      const profile = (await client.get('/api/volunteers/profile')).data;
      assert.equal(profile.ai_analysis_status, 'completed');
      return {
        person,
        client,
        profile,
        skills: new Map((profile.skills as Skill[]).map((skill) => [skill.name, skill])),
      };
    }

    it('shows a listed skill the taxonomy does not know on the profile, with its excerpt, one row for all', async () => {
      const first = await analysed('Foam carving (expert), prop weathering – 6 years');
      const carving = first.skills.get('Foam carving');
      assert.deepEqual(
        { category: carving?.category, level: carving?.proficiency_level, source: carving?.source },
        { category: null, level: 'expert', source: 'cv_analysis' },
      );
      assert.equal(carving?.evidence, 'Foam carving (expert), prop weathering – 6 years');
      assert.equal(first.skills.get('Carpentry')?.category, 'technical', 'taxonomy skills as before');
      assert.equal(first.profile.validation_status, 'passed');

      const second = await analysed('Foam  Carving, latex mask casting');
      assert.equal(second.skills.get('Foam carving')?.id, carving?.id, 'the same words from two CVs are one skill');

      const company = await createCompany(ctx.db);
      const found = await apiClient(ctx.app, company.token).get('/api/volunteers?skill=FOAM%20CARVING');
      assert.equal(found.statusCode, 200, found.body);
      const ids = found.data.data.map((card: { id: number }) => card.id);
      assert.ok(ids.includes(first.person.volunteer.id) && ids.includes(second.person.volunteer.id));

      const rows = await ctx.db.selectFrom('skills').select(['name', 'slug', 'category']).execute();
      const taxonomy = loadTaxonomy();
      for (const row of rows.filter((skill) => skill.category === null)) {
        assert.equal(taxonomy.resolve(row.name), undefined, `${row.name} would duplicate a taxonomy skill`);
      }
      assert.equal(rows.filter((row) => row.slug === 'foam carving').length, 1);
    });

    it('can be re-levelled and removed by the contributor, and stays removed through a new analysis', async () => {
      const { client } = await analysedAgain('Stage blood recipes, prop weathering – 6 years');

      const relevelled = await client.patch('/api/volunteers/profile/skills', {
        add: [{ name: 'prop weathering', proficiency_level: 'expert' }],
      });
      assert.equal(relevelled.statusCode, 200, relevelled.body);
      const weathering = (relevelled.data.skills as Skill[]).find((skill) => skill.name === 'Prop weathering');
      assert.deepEqual(
        { level: weathering?.proficiency_level, source: weathering?.source, evidence: weathering?.evidence },
        { level: 'expert', source: 'manual', evidence: 'Stage blood recipes, prop weathering – 6 years' },
      );

      const removed = await client.patch('/api/volunteers/profile/skills', { remove: ['stage blood recipes'] });
      assert.equal(removed.statusCode, 200, removed.body);
      assert.equal(
        (removed.data.skills as Skill[]).some((skill) => skill.name === 'Stage blood recipes'),
        false,
      );

      const byHand = await client.patch('/api/volunteers/profile/skills', {
        add: [{ name: 'Puppet mechanisms', proficiency_level: 'advanced' }],
      });
      assert.equal(byHand.statusCode, 422, 'a name the taxonomy does not know cannot be added by hand');

      const again = await client.multipart(
        'POST',
        '/api/volunteers/upload-cv',
        fileForm('cv', docxFile(cvLines('Stage blood recipes, prop weathering – 6 years')), 'cv.docx'),
      );
      assert.equal(again.statusCode, 200, again.body);
      await runQueuedJobs(ctx);
      const kept = (await client.get('/api/volunteers/profile')).data.skills as Skill[];
      assert.equal(
        kept.some((skill) => skill.name === 'Stage blood recipes'),
        false,
        'a removed skill stays removed',
      );
      assert.equal(kept.find((skill) => skill.name === 'Prop weathering')?.proficiency_level, 'expert');
    });

    async function analysedAgain(ownSkills: string) {
      const result = await analysed(ownSkills);
      assert.ok(result.skills.has('Stage blood recipes') && result.skills.has('Prop weathering'));
      return result;
    }
  });
}
