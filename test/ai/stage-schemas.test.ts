import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { TSchema } from 'typebox';
import { briefStage } from '../../src/ai/brief/index.ts';
import { complexityStage } from '../../src/ai/complexity/index.ts';
import { decompositionStage } from '../../src/ai/decomposition/index.ts';
import { ideaScoringStage } from '../../src/ai/idea/index.ts';

type Node = { description?: string; properties?: Record<string, Node>; items?: Node; anyOf?: Node[] };

/** Paths of fields (object properties, at any depth) that carry no description for the model. */
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

const stages: [string, TSchema][] = [
  [briefStage.name, briefStage.schema],
  [complexityStage.name, complexityStage.schema],
  [decompositionStage.name, decompositionStage.schema],
  [ideaScoringStage.name, ideaScoringStage.schema],
];

describe('stage schemas', () => {
  test('every field of every stage carries a description, which is what a model is told', () => {
    for (const [name, schema] of stages) assert.deepEqual(undescribed(schema as Node, name), [], name);
  });

  test('stage names are distinct', () => {
    assert.equal(new Set(stages.map(([name]) => name)).size, stages.length);
  });
});
