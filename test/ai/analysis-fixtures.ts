import fs from 'node:fs';
import { loadTaxonomy } from '../../src/ai/taxonomy/taxonomy.ts';

/**
 * The brief and idea fixtures (test/fixtures/briefs, test/fixtures/ideas): title on the first line, the text after
 * a blank line; the file name's first word is the kind of text, which is what the tests assert on.
 */
export type TextFixture = { name: string; kind: string; title: string; description: string };

const fixtures = new URL('../fixtures/', import.meta.url);

function readFixture(file: URL, name: string): TextFixture {
  const [title, ...rest] = fs.readFileSync(file, 'utf8').split('\n');
  return { name, kind: name.split('-')[0], title: title.trim(), description: rest.join('\n').trim() };
}

export function briefFixtures(): TextFixture[] {
  const folder = new URL('briefs/', fixtures);
  return fs
    .readdirSync(folder)
    .filter((file) => file.endsWith('.txt'))
    .sort()
    .map((file) => readFixture(new URL(file, folder), file.replace(/\.txt$/, '')));
}

export function briefFixture(name: string): TextFixture {
  const found = briefFixtures().find((fixture) => fixture.name === name);
  if (!found) throw new Error(`No brief fixture ${name}`);
  return found;
}

/** Ideas grouped by the brief (a community challenge) they answer. */
export function ideaFixtures(): { challenge: TextFixture; ideas: TextFixture[] }[] {
  const folder = new URL('ideas/', fixtures);
  return fs
    .readdirSync(folder, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort()
    .map((name) => {
      const ideas = new URL(`${name}/`, folder);
      return {
        challenge: briefFixture(name),
        ideas: fs
          .readdirSync(ideas)
          .filter((file) => file.endsWith('.txt'))
          .sort()
          .map((file) => readFixture(new URL(file, ideas), file.replace(/\.txt$/, ''))),
      };
    });
}

export const localContext = { taxonomy: loadTaxonomy() };
