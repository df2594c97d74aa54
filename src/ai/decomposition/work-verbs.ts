/**
 * Verbs that start an instruction in a brief ("audit our website", "label and map the warehouse"), in their base
 * form. Shared by the offline decomposition (is this piece already an instruction?) and the verifier (does a title
 * join two instructions?). wink tags many of them as nouns at the start of a fragment ("Design", "Plan"), so a list
 * is the reliable test here.
 */
const WORK_VERBS: ReadonlySet<string> = new Set(
  `
  adapt add advertise advise agree allow analyse analyze appoint archive arrange assemble assess audit automate
  bake book brief build calculate call catalogue cater check choose clean clear coach code collect commission
  compare compile conduct configure connect consult cook coordinate cost create decide decorate define deliver
  demolish deploy design develop diagnose dig digitise distribute document draft draw drive edit enable encrypt
  engage ensure establish estimate evaluate explore facilitate file film find fit fix forecast fund gather get
  give harden harvest help hire hold host identify illustrate implement import improve increase induct inspect
  install insulate integrate interview introduce investigate keep label launch lay lead let list load log maintain
  make manage map market measure mentor migrate model monitor mount move negotiate note nurse observe onboard
  organise organize outline pack paint patch phone photograph pilot pitch plan plant plaster post prepare present
  prioritise procure produce program promote propose protect prototype publish quote raise recommend record
  recruit redesign reduce refresh refurbish remind renovate repair replace report research restore review revise
  rewrite run scan schedule scrape screen secure select sell send serve set show sketch sort source specify store
  streamline support survey sync take teach tell tender test tile track train translate transport treat understand
  update upgrade use validate visit weld wire write reopen open inform contact notify order buy mix reconcile
  classify simulate customise customize rewire put capture upload
`
    .trim()
    .split(/\s+/),
);

/** Whether a word, as written, is one of the work verbs in its base form. */
export function isWorkVerb(word: string): boolean {
  return WORK_VERBS.has(word.toLowerCase());
}

/**
 * The base form of a work verb written as a gerund ("designing", "making", "programming"), or as written when it is
 * one already; undefined for any other word. A brief's lists often start with the gerund ("designing the lighting").
 */
export function workVerbBase(word: string): string | undefined {
  const lower = word.toLowerCase();
  if (WORK_VERBS.has(lower)) return lower;
  const stem = /^(\p{L}{2,})ing$/u.exec(lower)?.[1];
  // "design-ing", "mak-ing" (make), "programm-ing" (program).
  return stem ? [stem, `${stem}e`, stem.slice(0, -1)].find((base) => WORK_VERBS.has(base)) : undefined;
}

/** Past participles whose base form is not the participle less "-ed" or "-d". */
const IRREGULAR_PARTICIPLES: Record<string, string> = {
  written: 'write',
  rewritten: 'rewrite',
  drawn: 'draw',
  redrawn: 'redraw',
  done: 'do',
  redone: 'redo',
  made: 'make',
  built: 'build',
  rebuilt: 'rebuild',
  taken: 'take',
  given: 'give',
  sent: 'send',
  set: 'set',
  laid: 'lay',
  relaid: 'relay',
  dug: 'dig',
  bought: 'buy',
  brought: 'bring',
  shown: 'show',
  seen: 'see',
  held: 'hold',
  sold: 'sell',
  kept: 'keep',
  found: 'find',
  fitted: 'fit',
  planned: 'plan',
};

/**
 * The base form of a work verb written as its past participle ("checked", "written", "specified"), or null: a brief
 * often names the thing first and then what is to be done to it ("planning permission checked").
 */
export function workVerbParticipleBase(word: string): string | null {
  const lower = word.toLowerCase();
  if (IRREGULAR_PARTICIPLES[lower]) return IRREGULAR_PARTICIPLES[lower];
  if (!/ed$/.test(lower)) return null;
  const candidates = [lower.slice(0, -2), lower.slice(0, -1), `${lower.slice(0, -3)}y`, lower.slice(0, -3)];
  return candidates.find((candidate) => candidate.length >= 2 && isWorkVerb(candidate)) ?? null;
}
