import assert from 'node:assert/strict';
import fs from 'node:fs';
import { before, describe, test } from 'node:test';
import type { TSchema } from 'typebox';
import { briefStage } from '../../src/ai/brief/index.ts';
import { complexityStage } from '../../src/ai/complexity/index.ts';
import { cvStage } from '../../src/ai/cv/index.ts';
import { decompositionStage } from '../../src/ai/decomposition/index.ts';
import { ideaScoringStage } from '../../src/ai/idea/index.ts';

type Node = { description?: string; properties?: Record<string, Node>; items?: Node; anyOf?: Node[] };

/**
 * Paths of fields (object properties, at any depth) that carry no description for the model. A nullable field is a
 * union (`anyOf: [schema, null]`): its description belongs on the union, the property the model reads.
 */
function undescribed(node: Node, path: string): string[] {
  const missing: string[] = [];
  for (const [name, child] of Object.entries(node.properties ?? {})) {
    const childPath = `${path}.${name}`;
    if (!child.description?.trim()) missing.push(childPath);
    missing.push(...undescribed(child, childPath));
  }
  if (node.items) missing.push(...undescribed(node.items, `${path}[]`));
  for (const option of node.anyOf ?? []) missing.push(...undescribed(option, path));
  return missing;
}

type Stage = { name: string; schema: TSchema };

const stages: Stage[] = [briefStage, complexityStage, cvStage, decompositionStage, ideaScoringStage];

const AI_FOLDER = new URL('../../src/ai/', import.meta.url);

/** Every stage the stage folders of src/ai export (a folder with schema.ts and index.ts is one stage). */
async function stagesInSource(): Promise<Stage[]> {
  const found: Stage[] = [];
  for (const entry of fs.readdirSync(AI_FOLDER, { withFileTypes: true })) {
    const folder = new URL(`${entry.name}/`, AI_FOLDER);
    if (!entry.isDirectory() || !fs.existsSync(new URL('schema.ts', folder))) continue;
    const module: Record<string, unknown> = await import(new URL('index.ts', folder).href);
    for (const value of Object.values(module)) {
      const candidate = value as Partial<Stage> & { local?: unknown; prompt?: unknown };
      const isStage =
        typeof candidate?.name === 'string' &&
        typeof candidate.schema === 'object' &&
        typeof candidate.prompt === 'function' &&
        typeof candidate.local === 'function';
      if (isStage) found.push(candidate as Stage);
    }
  }
  return found;
}

describe('stage schemas', () => {
  let inSource: Stage[];
  before(async () => {
    inSource = await stagesInSource();
  });

  test('the list covers every analysis stage of src/ai, the CV stage included', () => {
    const names = (list: Stage[]) => list.map((stage) => stage.name).sort();
    assert.deepEqual(names(stages), names(inSource));
    assert.ok(names(stages).includes(cvStage.name));
  });

  test('every field of every stage carries a description, which is what a model is told', () => {
    for (const { name, schema } of stages) assert.deepEqual(undescribed(schema as Node, name), [], name);
  });

  test('a nullable field is described once, on its union', () => {
    const nullable: string[] = [];
    const walk = (node: Node, path: string) => {
      for (const [name, child] of Object.entries(node.properties ?? {})) {
        const options = child.anyOf ?? [];
        if (options.some((option) => (option as { type?: string }).type === 'null')) {
          nullable.push(`${path}.${name}`);
          for (const option of options) assert.equal(option.description, undefined, `${path}.${name}`);
        }
        walk(child, `${path}.${name}`);
      }
      if (node.items) walk(node.items, `${path}[]`);
    };
    for (const { name, schema } of stages) walk(schema as Node, name);
    // The CV's nullable fields: years per skill, the graduation year, a job's dates and length.
    for (const field of ['skills[].years_of_experience', 'education[].graduation_year', 'work_experience[].end_date']) {
      assert.ok(nullable.includes(`${cvStage.name}.${field}`), `${field}: ${nullable.join(', ')}`);
    }
  });

  test('stage names are distinct', () => {
    assert.equal(new Set(stages.map(({ name }) => name)).size, stages.length);
  });
});
