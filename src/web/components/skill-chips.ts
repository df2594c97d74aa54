import { type Html, html } from '../html.ts';

/** The four levels the API and matching use, lowest first: a skill's bar fills one segment per level. */
const LEVELS = ['beginner', 'intermediate', 'advanced', 'expert'] as const;

/** The taxonomy's categories in the order a profile reads best, each with a heading; anything else is "Other". */
const CATEGORY_HEADINGS: ReadonlyArray<[string, string]> = [
  ['technical', 'Technical'],
  ['tool', 'Tools'],
  ['domain', 'Fields of knowledge'],
  ['soft', 'Working with people'],
  ['language', 'Languages'],
];

type ChipSkill = { readonly name: string; readonly proficiency_level: string; readonly category: string | null };

function levelOf(proficiency: string): number {
  return LEVELS.indexOf(proficiency as (typeof LEVELS)[number]) + 1;
}

/**
 * A level as four segments drawn in inline SVG (no external asset, and attributes rather than inline styles, which
 * the CSP forbids). Hidden from screen readers: the chip says the level in words beside it.
 */
function levelBar(level: number): Html {
  const segments = LEVELS.map(
    (_, index) =>
      html`<rect x="${index * 9}" width="8" height="6" rx="1" class="${index < level ? 'held' : 'empty'}"></rect>`,
  );
  return html`<svg class="level-bar" viewBox="0 0 35 6" width="35" height="6" aria-hidden="true" focusable="false">${segments}</svg>`;
}

function chip(skill: ChipSkill): Html {
  const level = levelOf(skill.proficiency_level);
  const words = level === 0 ? skill.proficiency_level : `${skill.proficiency_level}, ${level} of 4`;
  return html`<li class="skill-chip"><span class="skill-name">${skill.name}</span> ${levelBar(level)} <span class="skill-level">${words}</span></li>`;
}

/**
 * A skills profile at a glance (issue 13, item 3): the skills grouped by category, each a chip with its level as a
 * bar and in words, strongest first within a group. `headingLevel` fits the page's outline.
 */
export function skillChips(skills: readonly ChipSkill[], headingLevel: 3 | 4 = 3): Html {
  if (skills.length === 0) return html`<p class="muted">No skills yet.</p>`;
  const known = new Set(CATEGORY_HEADINGS.map(([category]) => category));
  const groups: Array<[string, ChipSkill[]]> = [
    ...CATEGORY_HEADINGS.map(([category, heading]): [string, ChipSkill[]] => [
      heading,
      skills.filter((skill) => skill.category === category),
    ]),
    ['Other', skills.filter((skill) => skill.category === null || !known.has(skill.category))],
  ];
  const strongestFirst = (a: ChipSkill, b: ChipSkill) =>
    levelOf(b.proficiency_level) - levelOf(a.proficiency_level) || a.name.localeCompare(b.name);
  return html`<div class="skill-groups">${groups
    .filter(([, members]) => members.length > 0)
    .map(
      ([heading, members]) => html`<div class="skill-group">
  ${headingLevel === 3 ? html`<h3>${heading}</h3>` : html`<h4>${heading}</h4>`}
  <ul class="plain skill-chips">${[...members].sort(strongestFirst).map(chip)}</ul>
</div>`,
    )}</div>`;
}
