import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import { type DocxElement, docxText } from '../../src/ai/text/docx-text.ts';
import { extractText } from '../../src/ai/text/index.ts';
import { CV_FIXTURE_DIR } from '../fixtures/cvs/fixtures.ts';
import { skillNamesOfCv } from '../helpers/cv-skills.ts';

const text = (value: string): DocxElement => ({ type: 'run', children: [{ type: 'text', value }] });
const paragraph = (...values: string[]): DocxElement => ({ type: 'paragraph', children: values.map(text) });
const cell = (...paragraphs: DocxElement[]): DocxElement => ({ type: 'tableCell', children: paragraphs });
const row = (...cells: DocxElement[]): DocxElement => ({ type: 'tableRow', children: cells });
const table = (...rows: DocxElement[]): DocxElement => ({ type: 'table', children: rows });
const document = (...children: DocxElement[]): DocxElement => ({ type: 'document', children });

describe('DOCX tables read as rows', () => {
  it("keeps a row's cells on one line, joined by bars, as the PDF and DOC readers do", () => {
    const docx = document(
      paragraph('Sea service'),
      table(
        row(cell(paragraph('Vessel')), cell(paragraph('Rank')), cell(paragraph('Period'))),
        row(cell(paragraph('MV Orient Grace')), cell(), cell(paragraph('2016 – 2019'))),
      ),
      paragraph('Languages'),
    );
    assert.equal(
      docxText(docx),
      'Sea service\n\nVessel | Rank | Period\n\nMV Orient Grace | 2016 – 2019\n\nLanguages\n\n',
    );
  });

  it("leaves a layout table's cells of several paragraphs as lines of their own", () => {
    const docx = document(
      table(
        row(cell(paragraph('Skills'), paragraph('Python, SQL')), cell(paragraph('Experience'), paragraph('Analyst'))),
      ),
    );
    assert.equal(docxText(docx), 'Skills\n\nPython, SQL\n\nExperience\n\nAnalyst\n\n');
  });

  it('reads a Word file made by LibreOffice with its table rows whole', async () => {
    const file = path.join(CV_FIXTURE_DIR, 'devops-engineer.docx');
    const { text: read } = await extractText({ path: file, kind: 'docx' });
    const lines = read.split('\n');
    assert.ok(lines.includes('Infrastructure as code | Terraform (expert), Ansible'), read);
    assert.ok(lines.includes('Jul 2022 – Present | DevOps Engineer, Cloudnine Analytics Pvt Ltd, Bengaluru'), read);
  });
});

describe('table rows in a CV', () => {
  it("reads a head row that names a column of tools as a skills section, and an area's list before its level", () => {
    const names = skillNamesOfCv([
      'Dana Kowalski',
      'Fabricator',
      'Workshop kit',
      'Area | Tools | Level',
      'Cutting | Hypertherm Powermax 65, oxy-fuel cutting, bandsaw | advanced',
    ]);
    assert.ok(names.includes('Hypertherm Powermax'), names.join(', '));
    assert.ok(!names.includes('Cutting'), names.join(', '));
  });

  it("takes a year inside a list item's name for no date: the first cell still labels the list", () => {
    const names = skillNamesOfCv([
      'Sam Reid',
      'Civil Engineer',
      'Skills',
      'Contracts | NEC4 contract administration, CDM 2015 designer duties, cost estimating',
      'First Aid at Work | St John Ambulance, renewed 2025',
    ]);
    assert.ok(!names.includes('Contracts'), names.join(', '));
    assert.ok(names.includes('CDM Regulations') && names.includes('First Aid at Work'), names.join(', '));
  });

  it("reads a seafarer's sea service as work history, not as a list of credentials", () => {
    const names = skillNamesOfCv([
      'Ravi Menon',
      'Third Officer',
      'Certificates',
      'STCW Basic Safety Training',
      'Sea service',
      'Vessel | Type | Rank | Period',
      'MV Northern Star | Container ship, 4,000 TEU | Third Officer | 2019 – 2021',
    ]);
    assert.ok(!names.some((name) => /Northern Star/i.test(name)), names.join(', '));
  });
});

describe('the heads and dates of a credentials table', () => {
  it('reads neither a "Competence" column head nor "held since" as a skill', () => {
    const names = skillNamesOfCv([
      'Lee Park',
      'Track Technician',
      'Tickets',
      'Competence | Level',
      'Lookout and site warden | held since 2018',
    ]);
    assert.ok(!names.includes('Competence') && !names.includes('Held'), names.join(', '));
  });
});
