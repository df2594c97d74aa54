import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { analyzeCv } from '../../src/ai/cv/local.ts';
import { writtenLanguage } from '../../src/ai/cv/written-language.ts';
import { loadTaxonomy } from '../../src/ai/taxonomy/taxonomy.ts';

const taxonomy = loadTaxonomy();

const ENGLISH_CV = `Jana Novak
Profile
Warehouse supervisor with seven years in the running of a busy distribution centre for a national retailer. I lead a
team of twelve on the night shift and look after stock control, goods in and the training of new staff on the floor.
Experience
Shift Supervisor, Northgate Distribution Ltd, 2019 – present
- Ran the picking and packing of 4,000 orders a night with an accuracy of 99.8% in the last year.
- Trained new starters on the scanners and on the safe use of the reach trucks in the aisles.
Languages
Czech (native), English (fluent), German (basic)`;

describe('the language a CV is written in', () => {
  it('is told from the function words of its prose', () => {
    assert.equal(writtenLanguage(ENGLISH_CV), 'English');
    const french =
      "Responsable d'entrepôt avec sept ans d'expérience dans la gestion des stocks et des équipes de nuit pour une " +
      'grande enseigne. Je pilote la préparation des commandes, la réception des marchandises et la formation des ' +
      'nouveaux salariés sur les chariots et les scanners du site, avec un taux de précision de 99,8 % sur les ' +
      "commandes de l'année et une équipe de douze personnes dans les allées du dépôt et au quai.";
    assert.equal(writtenLanguage(french), 'French');
  });

  it('is unknown for a text too short or too much of a list to tell', () => {
    assert.equal(writtenLanguage('Skills: Python, SQL, Docker, Kubernetes, Terraform'), null);
  });

  it('is left out of the skills, while the other stated languages stay with their levels', () => {
    const skills = analyzeCv({ text: ENGLISH_CV, asOf: '2026-11-01' }, taxonomy).skills;
    const languages = skills.filter((skill) => skill.category === 'language').map((skill) => skill.name);
    assert.ok(!languages.includes('English'), languages.join(', '));
    assert.ok(languages.includes('Czech') && languages.includes('German'), languages.join(', '));
  });

  it('stays for people whose trade is languages: it is a working language of theirs', () => {
    const translator = `${ENGLISH_CV.split('Languages')[0]}Translation
Freelance translation and interpreting from German and Czech into English since 2016, with legal and medical work.
Languages
Czech (native), English (native), German (C2)`;
    const names = analyzeCv({ text: translator, asOf: '2026-11-01' }, taxonomy).skills.map((skill) => skill.name);
    assert.ok(names.includes('Translation'), names.join(', '));
    assert.ok(names.includes('English'), names.join(', '));
  });
});
