import fs from 'node:fs';
import { type Static, Type } from 'typebox';
import { Value } from 'typebox/value';
import type { Taxonomy } from '../taxonomy/taxonomy.ts';

/**
 * Task templates per skill area (playbooks.json beside this file): how a workstream of that kind of work is usually
 * split. Read and checked once per process: every area has a playbook and every skill a template names is in the
 * taxonomy, so a plan never asks for a skill matching cannot find.
 */
export const NAMED_SKILLS = '@named';

const TaskTemplate = Type.Object({
  title: Type.String({ minLength: 1 }),
  description: Type.String({ minLength: 1 }),
  output: Type.String({ minLength: 1 }),
  criteria: Type.Array(Type.String({ minLength: 1 }), { minItems: 1 }),
  hours: Type.Number({ minimum: 1 }),
  complexity: Type.Integer({ minimum: 1, maximum: 10 }),
  skills: Type.Array(Type.String({ minLength: 1 }), { minItems: 1 }),
});

const Playbook = Type.Object({
  workstream: Type.Object({ title: Type.String({ minLength: 1 }), description: Type.String({ minLength: 1 }) }),
  tasks: Type.Array(TaskTemplate, { minItems: 2 }),
});

const PlaybooksFile = Type.Object({ playbooks: Type.Record(Type.String(), Playbook) });

export type TaskTemplate = Static<typeof TaskTemplate>;
export type Playbook = Static<typeof Playbook>;

let cached: ReadonlyMap<string, Playbook> | undefined;

export function loadPlaybooks(taxonomy: Taxonomy): ReadonlyMap<string, Playbook> {
  if (cached) return cached;
  const file: unknown = JSON.parse(fs.readFileSync(new URL('./playbooks.json', import.meta.url), 'utf8'));
  if (!Value.Check(PlaybooksFile, file)) {
    const [first] = Value.Errors(PlaybooksFile, file);
    throw new Error(`playbooks.json does not have the expected shape: ${first?.instancePath} ${first?.message}`);
  }
  const problems: string[] = [];
  for (const area of taxonomy.areas) if (!file.playbooks[area.id]) problems.push(`no playbook for area ${area.id}`);
  for (const [areaId, playbook] of Object.entries(file.playbooks)) {
    if (!taxonomy.area(areaId)) problems.push(`playbook for unknown area ${areaId}`);
    for (const task of playbook.tasks) {
      for (const skill of task.skills) {
        if (skill !== NAMED_SKILLS && taxonomy.resolve(skill)?.name !== skill) {
          problems.push(`${areaId} / ${task.title}: "${skill}" is not a canonical taxonomy name`);
        }
      }
    }
  }
  if (problems.length > 0) throw new Error(`The decomposition playbooks are inconsistent: ${problems.join('; ')}`);
  cached = new Map(Object.entries(file.playbooks));
  return cached;
}
