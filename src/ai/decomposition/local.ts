import { extractBriefParts } from '../brief/brief-parts.ts';
import { clip, joinWords } from '../brief/brief-writing.ts';
import { readScope } from '../complexity/scope.ts';
import type { LocalContext } from '../stage.ts';
import type { Taxonomy } from '../taxonomy/taxonomy.ts';
import { parseText } from '../taxonomy/text-parser.ts';
import { type PlannedArea, planAreas } from './plan-areas.ts';
import { loadPlaybooks, NAMED_SKILLS, type TaskTemplate } from './playbooks.ts';
import type { Decomposition, DecompositionInput, ExperienceLevel, PlannedTask, PlannedWorkstream } from './schema.ts';

/** Tasks per workstream by complexity level. */
const TASKS_PER_WORKSTREAM: Record<number, number> = { 1: 2, 2: 3, 3: 4, 4: 5 };
/** Playbook hours are for level 3; simpler challenges need less of each task, bigger ones more. */
const HOURS_FACTOR: Record<number, number> = { 1: 0.6, 2: 0.8, 3: 1, 4: 1.3 };
const MIN_HOURS = 4;
const MAX_HOURS = 40;
const MAX_SKILLS = 5;
const MAX_NAMED_PER_TASK = 3;
const MAX_CRITERIA = 6;

/**
 * The offline decomposition: a workstream for each kind of work the brief calls for (planAreas), its tasks from
 * that area's playbook, with the skills the brief names for the area (or the area's usual ones), hours and
 * difficulty scaled by the complexity level, and the brief's success criteria added to the acceptance criteria of
 * the workstream they concern. Always within the schema's bounds; deterministic.
 */
export function decompose(input: DecompositionInput, { taxonomy }: LocalContext): Decomposition {
  const level = Math.min(4, Math.max(1, Math.round(input.complexity_level)));
  const parsed = parseText(`${input.title}\n\n${input.description}`);
  const areas = planAreas(taxonomy.findAreasInText(parsed), readScope(parsed), taxonomy, input.field, level);
  const playbooks = loadPlaybooks(taxonomy);

  const titles = new Set<string>();
  const workstreams: PlannedWorkstream[] = areas.map((planned) => {
    const playbook = playbooks.get(planned.area.id)!;
    const templates = playbook.tasks.slice(0, TASKS_PER_WORKSTREAM[level]);
    return {
      title: playbook.workstream.title,
      description: workstreamDescription(fill(playbook.workstream.description, input.title), planned, input, taxonomy),
      tasks: templates.map((template) => plannedTask(template, planned, level, input.title, titles)),
    };
  });
  addSuccessCriteria(workstreams, areas, successCriteria(input), taxonomy);

  const tasks = workstreams.flatMap((workstream) => workstream.tasks);
  const hours = tasks.reduce((sum, task) => sum + task.estimated_hours, 0);
  const named = areas.filter((planned) => planned.named.length > 0).length;
  return {
    summary: clip(
      `${workstreams.length} workstreams and ${tasks.length} tasks, about ${hours} hours in all: ` +
        `${joinWords(workstreams.map((w) => w.title.toLowerCase()))}. Each workstream follows the usual order of ` +
        'its kind of work, sized for a level ' +
        `${level} challenge, and its last task checks the results against the brief's success criteria.`,
      1000,
    ),
    workstreams,
    confidence_score: Math.min(90, 45 + 10 * Math.min(named, 3) + 5 * Math.min(areas.length, 3)),
  };
}

function plannedTask(
  template: TaskTemplate,
  planned: PlannedArea,
  level: number,
  title: string,
  titles: Set<string>,
): PlannedTask {
  const complexity = clamp(template.complexity + (level - 3), 1, 10);
  return {
    title: uniqueTitle(template.title, planned.area.name, titles),
    description: clip(fill(template.description, title), 2000),
    required_skills: requiredSkills(template, planned),
    required_experience_level: experienceFor(complexity),
    expected_output: clip(template.output, 500),
    acceptance_criteria: template.criteria.slice(0, MAX_CRITERIA).map((criterion) => clip(criterion, 500)),
    estimated_hours: clamp(Math.round(template.hours * HOURS_FACTOR[level]), MIN_HOURS, MAX_HOURS),
    complexity_score: complexity,
  };
}

/** The template's skills, "@named" standing for the skills the brief names in the area, then its usual ones. */
function requiredSkills(template: TaskTemplate, planned: PlannedArea): string[] {
  const named = [...planned.named.map((mention) => mention.skill), ...planned.area.defaultSkills]
    .map((skill) => skill.name)
    .filter((name, k, all) => all.indexOf(name) === k)
    .slice(0, MAX_NAMED_PER_TASK);
  const skills = template.skills.flatMap((skill) => (skill === NAMED_SKILLS ? named : [skill]));
  return [...new Set(skills)].slice(0, MAX_SKILLS);
}

function experienceFor(complexity: number): ExperienceLevel {
  if (complexity <= 3) return 'junior';
  if (complexity <= 5) return 'mid';
  if (complexity <= 7) return 'senior';
  return 'expert';
}

function workstreamDescription(base: string, planned: PlannedArea, input: DecompositionInput, taxonomy: Taxonomy) {
  const objective = input.objectives.find((text) =>
    taxonomy.findAreasInText(text).some((mention) => mention.area.id === planned.area.id),
  );
  const named = planned.named.slice(0, 4).map((mention) => mention.skill.name);
  let description = base;
  if (named.length > 0) description += ` The brief names ${joinWords(named)}.`;
  if (objective) description += ` It serves the objective: ${objective}`;
  return clip(description, 1000);
}

/** The brief's success criteria: from its description, or from the refined brief when the description gives none. */
function successCriteria(input: DecompositionInput): string[] {
  const fromDescription = extractBriefParts(parseText(input.description)).successCriteria;
  if (fromDescription.length > 0) return fromDescription;
  return extractBriefParts(parseText(input.refined_brief)).successCriteria;
}

/**
 * Each success criterion goes to the workstream whose kind of work it speaks of, or else to the first building
 * workstream, as an acceptance criterion of its last task: that is where the result is checked.
 */
function addSuccessCriteria(
  workstreams: PlannedWorkstream[],
  areas: PlannedArea[],
  criteria: string[],
  taxonomy: Taxonomy,
) {
  const buildIndex = Math.max(
    0,
    areas.findIndex((planned) => planned.area.phase >= 3),
  );
  for (const criterion of criteria) {
    const spoken = taxonomy.findAreasInText(criterion).map((mention) => mention.area.id);
    const index = areas.findIndex((planned) => spoken.includes(planned.area.id));
    const last = workstreams[index === -1 ? buildIndex : index].tasks.at(-1)!;
    if (last.acceptance_criteria.length < MAX_CRITERIA) last.acceptance_criteria.push(clip(criterion, 500));
  }
}

function uniqueTitle(title: string, areaName: string, titles: Set<string>): string {
  const unique = titles.has(title) ? `${title} (${areaName})` : title;
  titles.add(unique);
  return clip(unique, 200);
}

function fill(template: string, title: string): string {
  return template.replaceAll('{title}', `"${title.trim().replace(/[.!?]+$/, '')}"`);
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}
