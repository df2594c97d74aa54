import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { skillNamesOfCv } from '../helpers/cv-skills.ts';

/**
 * Bringing people on and running them, written as CVs of every trade write it (docs/quality.md, "CV skills that are
 * missed: why, across professions"): the people-management labels (Staff training, Team management, Team leadership)
 * were the labels most often missed on the development set, in eleven professions and more.
 */
const names = (line: string) => skillNamesOfCv(['Experience', line]);

describe('CV reading: managing and leading people at work', () => {
  it('reads "manage" and "lead" with people at work as their object as Team management and Team leadership', () => {
    const managed = names('- Manage 45 pickers, loaders and MHE drivers on a 350,000 sq ft site.');
    assert.ok(managed.includes('Team management'), managed.join(', '));
    const led = names('- I lead two estimators and a trainee in the office.');
    assert.ok(led.includes('Leadership'), led.join(', '));
  });

  it('leaves "Lead" and "Manage" before a title in the singular as the title it is', () => {
    const title = names('- Lead BIM coordinator for the office: Revit templates and clash detection.');
    assert.ok(!title.includes('Leadership'), title.join(', '));
  });
});

describe('CV reading: training people at work', () => {
  it('shares the object of a verb of people with a verb of helping that the tagger reads as a noun', () => {
    // The tagger reads "Train" as a name and "support" as a noun; both take "two junior credit controllers".
    const found = names('- Train and support two junior credit controllers.');
    assert.ok(found.includes('Staff training'), found.join(', '));
  });

  it('reads the gerund of a verb of people that the tagger takes for a noun ("Training two apprentices")', () => {
    const found = names('- Training two apprentices on the bench.');
    assert.ok(found.includes('Apprentice training'), found.join(', '));
  });

  it('reads training, mentoring or supervision for or of people at work as the skill of bringing them on', () => {
    const trained = names('- Run Makaton and language-rich classroom training for teaching assistants.');
    assert.ok(trained.includes('Staff training'), trained.join(', '));
    const supervised = names('- Weekly supervision of two junior technicians.');
    assert.ok(supervised.includes('Team management'), supervised.join(', '));
    // Not for people who are not at work: parents, pupils, the public.
    const parents = names('- Antenatal training for new parents in the community.');
    assert.ok(!parents.includes('Staff training'), parents.join(', '));
  });
});

describe('CV reading: what the person refers to one other party', () => {
  it('ends the referral at the comma after one party named with its article, and keeps a list of services whole', () => {
    const found = names(
      '- Safeguarding lead: referrals to the local authority, DoLS applications and Mental Capacity Act assessments.',
    );
    assert.ok(found.includes('Deprivation of Liberty Safeguards'), found.join(', '));
    assert.ok(found.includes('Mental capacity assessment'), found.join(', '));
    const services = names('- Falls clinics; I refer on to physiotherapy, dietetics and podiatry when needed.');
    assert.ok(!services.includes('Podiatry') && !services.includes('Physiotherapy'), services.join(', '));
  });
});
