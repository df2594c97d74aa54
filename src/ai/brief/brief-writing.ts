import type { AreaMention, SkillMention } from '../taxonomy/taxonomy.ts';
import type { BriefParts } from './brief-parts.ts';

/**
 * The prose of a brief analysis, written from the parts extracted: the refined brief, the summary, the risks and the
 * recommended approach. Only what the brief says or plainly implies — nothing invented.
 */
export type BriefReading = {
  title: string;
  parts: BriefParts;
  skills: SkillMention[];
  areas: AreaMention[];
  /** Personal or sensitive data is involved (people's records, health, children). */
  personalData: boolean;
  /** The work must fit with systems already in place. */
  integration: boolean;
};

const REFINED_MAX = 5000;
const SUMMARY_MAX = 600;

export function refinedBrief(reading: BriefReading): string {
  const { parts } = reading;
  const blocks: string[] = [sentence(reading.title)];
  if (parts.context.length > 0) blocks.push(`Background: ${parts.context.slice(0, 3).join(' ')}`);
  blocks.push(list('Objectives', parts.objectives));
  blocks.push(list('Constraints', parts.constraints));
  blocks.push(list('Success criteria', parts.successCriteria));
  if (parts.stakeholders.length > 0) blocks.push(`Stakeholders: ${parts.stakeholders.join(', ')}.`);
  const named = reading.skills.slice(0, 10).map((mention) => mention.skill.name);
  if (named.length > 0) blocks.push(`Skills named: ${named.join(', ')}.`);
  if (reading.areas.length > 0) blocks.push(`Kinds of work: ${reading.areas.map((a) => a.area.name).join(', ')}.`);
  return clip(blocks.filter((block) => block !== '').join('\n\n'), REFINED_MAX);
}

export function summary(reading: BriefReading): string {
  const lead = reading.parts.objectives[0] ?? reading.parts.context[0];
  let text = lead ? `${withoutStop(reading.title)}: ${lowerFirst(lead)}` : sentence(reading.title);
  const areas = reading.areas.slice(0, 3).map((mention) => mention.area.name.toLowerCase());
  if (areas.length > 0) text += ` It calls for ${joinWords(areas)}.`;
  return clip(text, SUMMARY_MAX);
}

/** Risks the brief states, then the ones its content implies. */
export function risks(reading: BriefReading): string[] {
  const { parts } = reading;
  const implied: string[] = [];
  if (reading.personalData) {
    implied.push('Personal data is involved: privacy and data-protection rules (such as GDPR) must shape the design.');
  }
  if (reading.integration) {
    implied.push('Existing systems must keep working: integration can surface undocumented behaviour late.');
  }
  if (parts.hasDeadline) implied.push('The deadline leaves little room for rework: agree milestones early.');
  if (parts.hasBudget) implied.push('The budget limits the scope: agree what is essential before work starts.');
  if (parts.successCriteria.length === 0) {
    implied.push('No measure of success is given, so the scope may drift: agree one before work starts.');
  }
  if (reading.areas.length >= 3) {
    implied.push('Several kinds of work must fit together: without one owner for the whole, the parts may not.');
  }
  const adopters = parts.stakeholders.slice(0, 2);
  if (adopters.length > 0 && reading.areas.length > 0) {
    implied.push(
      `Adoption: ${joinWords(adopters.map(lowerFirst))} need to be involved early, or the result may go unused.`,
    );
  }
  return [...parts.risks, ...implied].slice(0, 6);
}

export function recommendedApproach(reading: BriefReading): string {
  const { parts } = reading;
  const areas = [...reading.areas].sort((a, b) => a.area.phase - b.area.phase).slice(0, 4);
  const who = parts.stakeholders.length > 0 ? lowerFirst(parts.stakeholders[0]) : 'the company';
  const steps: string[] = [];
  if (areas.length >= 2) {
    const names = joinWords(areas.map((mention) => mention.area.name.toLowerCase()));
    steps.push(`Confirm the objectives with ${who} in a short discovery.`);
    steps.push(`Then run separate workstreams for ${names}, planned together and reviewed weekly.`);
  } else if (areas.length === 1) {
    steps.push(`Treat it as one focused piece of ${areas[0].area.name.toLowerCase()} work.`);
    steps.push(`Confirm the requirements with ${who}, deliver a first version early and improve it on feedback.`);
  } else {
    steps.push('Open it to the community first: collect ideas, let contributors vote, and plan the strongest.');
  }
  if (parts.hasDeadline) steps.push('Plan backwards from the deadline, with a first milestone within weeks.');
  steps.push(
    parts.successCriteria.length > 0
      ? 'Check every deliverable against the success criteria before it is accepted.'
      : 'Agree how success will be measured before work starts.',
  );
  return steps.join(' ');
}

function list(heading: string, items: string[]): string {
  return items.length === 0 ? '' : `${heading}:\n${items.map((item) => `- ${item}`).join('\n')}`;
}

export function joinWords(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

function sentence(text: string): string {
  const trimmed = text.trim();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

function withoutStop(text: string): string {
  // Matched from the character before the run (not a lookbehind), so that recheck proves the pattern linear.
  return text.trim().replace(/(^|[^.!?:;,])[.!?:;,]+$/, '$1');
}

/** "A mobile app…" → "a mobile app…", leaving acronyms and names ("API", "iOS", "Leeds") alone. */
function lowerFirst(text: string): string {
  const first = text.split(/\s/)[0] ?? '';
  if (first.length > 1 && (first === first.toUpperCase() || /[A-Z]/.test(first.slice(1)))) return text;
  return text.charAt(0).toLowerCase() + text.slice(1);
}

export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), 1))}…`;
}
