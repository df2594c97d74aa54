import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { check } from 'recheck';
import ts from 'typescript';

/**
 * The regular expressions of the source and the ReDoS check they must pass (test/ai/regex-safety.test.ts). A pattern
 * is found where it is written: a regex literal, `new RegExp('…')` or `RegExp('…')` with a literal (or a constant
 * naming one), or a JSON-schema `pattern: '…'` (Ajv runs those on request fields, with the `u` flag). A RegExp built
 * from anything else is a run-time site: the test records the instances such sites build and checks those.
 */
export type FoundPattern = { source: string; flags: string; where: string };
export type RuntimeSite = { file: string; line: number };
export type Scan = { patterns: FoundPattern[]; runtimeSites: RuntimeSite[] };

const stringValue = (node: ts.Node | undefined): string | undefined =>
  node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) ? node.text : undefined;

/** `const NAME = '…'` declarations of one file: what an identifier argument may name. */
function stringConstants(file: ts.SourceFile): Map<string, string> {
  const constants = new Map<string, string>();
  const visit = (node: ts.Node) => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name)) {
      const value = stringValue(node.initializer);
      if (value !== undefined) constants.set(node.name.text, value);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return constants;
}

/**
 * The patterns of some source files. `constants` resolves an identifier written where a pattern is expected: the
 * file's own string constants first, then those of every scanned file whose name is unique among them (an imported
 * `LOGO_NAME_PATTERN`).
 */
export function scanSources(files: Array<{ name: string; text: string }>): Scan {
  const parsed = files.map(({ name, text }) => ts.createSourceFile(name, text, ts.ScriptTarget.Latest, true));
  const everywhere = new Map<string, string | null>();
  for (const file of parsed) {
    for (const [name, value] of stringConstants(file)) everywhere.set(name, everywhere.has(name) ? null : value);
  }
  const patterns: FoundPattern[] = [];
  const runtimeSites: RuntimeSite[] = [];
  for (const file of parsed) {
    const own = stringConstants(file);
    const resolve = (node: ts.Node | undefined) =>
      stringValue(node) ??
      (node && ts.isIdentifier(node) ? (own.get(node.text) ?? everywhere.get(node.text) ?? undefined) : undefined);
    const lineOf = (node: ts.Node) => file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1;
    const visit = (node: ts.Node) => {
      if (ts.isRegularExpressionLiteral(node)) {
        const slash = node.text.lastIndexOf('/');
        patterns.push({
          source: node.text.slice(1, slash),
          flags: node.text.slice(slash + 1),
          where: `${file.fileName}:${lineOf(node)}`,
        });
      } else if (
        (ts.isNewExpression(node) || ts.isCallExpression(node)) &&
        ts.isIdentifier(node.expression) &&
        node.expression.text === 'RegExp'
      ) {
        const [sourceArgument, flagsArgument] = node.arguments ?? [];
        const source = resolve(sourceArgument);
        const flags = flagsArgument === undefined ? '' : resolve(flagsArgument);
        if (source !== undefined && flags !== undefined) {
          patterns.push({ source, flags, where: `${file.fileName}:${lineOf(node)}` });
        } else {
          runtimeSites.push({ file: file.fileName, line: lineOf(node) });
        }
      } else if (ts.isPropertyAssignment(node) && node.name.getText(file) === 'pattern') {
        const source = ts.isRegularExpressionLiteral(node.initializer) ? undefined : resolve(node.initializer);
        if (source !== undefined) patterns.push({ source, flags: 'u', where: `${file.fileName}:${lineOf(node)}` });
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }
  return { patterns, runtimeSites };
}

/** Every `.ts` file under `dir` but the tests (which never see user text) and type declarations. */
export function sourceFiles(dir: string): Array<{ name: string; text: string }> {
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts') && !name.endsWith('.d.ts'))
    .sort()
    .map((name) => ({ name: path.join(dir, name), text: fs.readFileSync(path.join(dir, name), 'utf8') }));
}

export type Verdict = { safe: true } | { safe: false; reason: string };

/** How long the checker may take on one pattern; past it the pattern counts as not shown safe. */
const CHECK_TIMEOUT_MS = 30_000;

/**
 * recheck's verdict on one pattern: safe, or why not (the growth it found and an attack string, or that it could not
 * decide in time). Uses recheck's native binary where it is installed, its pure-JS build elsewhere.
 *
 * The automaton check comes first: it is a proof, and its answer is the same on every run. recheck's own choice
 * ("auto") sends patterns with look-arounds to its fuzzer, whose verdict on the same pattern changes from run to run
 * (it found bounded, linear patterns "cubic" in one run and safe in the next); the fuzzer only decides what the
 * automaton check cannot (too large a pattern, or a feature it does not model).
 */
export async function verdictOf(source: string, flags: string): Promise<Verdict> {
  const proof = await check(source, flags, { checker: 'automaton', timeout: CHECK_TIMEOUT_MS });
  const diagnostics =
    proof.status === 'unknown' ? await check(source, flags, { checker: 'fuzz', timeout: CHECK_TIMEOUT_MS }) : proof;
  if (diagnostics.status === 'safe') return { safe: true };
  if (diagnostics.status === 'vulnerable') {
    const attack = diagnostics.attack.pattern;
    return {
      safe: false,
      reason: `${diagnostics.complexity.summary} backtracking, e.g. on ${attack.length > 80 ? `${attack.slice(0, 80)}…` : attack}`,
    };
  }
  return { safe: false, reason: `the checker could not decide (${diagnostics.error.kind}): simplify the pattern` };
}

/** A pattern's key: as a literal would be written. */
export const keyOf = (pattern: { source: string; flags: string }) => `/${pattern.source}/${pattern.flags}`;

/** "file:///…/src/x.ts:12:5" in a stack frame → the file and line, when the frame is in src/. */
function srcFrame(src: string, frame: string): RuntimeSite | null {
  const at = frame.indexOf(`file://${src}/`);
  if (at === -1) return null;
  const parts = frame
    .slice(at + 'file://'.length)
    .replace(/\)$/, '')
    .split(':');
  return { file: parts.slice(0, -2).join(':'), line: Number(parts[parts.length - 2]) };
}

/**
 * The patterns the run-time sites build: RegExp is wrapped while the files holding those sites are loaded (most build
 * their patterns at load) and each analysis stage runs once on a brief, an idea and a CV (for those built on use).
 */
export async function runtimePatterns(
  src: string,
  sites: RuntimeSite[],
): Promise<{ patterns: FoundPattern[]; unreached: RuntimeSite[] }> {
  const patterns: FoundPattern[] = [];
  const Original = globalThis.RegExp;
  const record = (args: unknown[]) => {
    const site = (new Error().stack ?? '')
      .split('\n')
      .map((frame) => srcFrame(src, frame))
      .find((frame) => frame !== null);
    if (!site) return;
    const [source, flags] = args;
    patterns.push({
      source: source instanceof Original ? source.source : String(source),
      flags: typeof flags === 'string' ? flags : source instanceof Original ? source.flags : '',
      where: `${site.file}:${site.line}`,
    });
  };
  globalThis.RegExp = new Proxy(Original, {
    construct(target, args, newTarget) {
      record(args);
      return Reflect.construct(target, args, newTarget);
    },
    apply(target, self, args) {
      record(args);
      return Reflect.apply(target, self, args);
    },
  });
  try {
    for (const file of new Set(sites.map((site) => site.file))) await import(pathToFileURL(file).href);
    await runEveryStage();
  } finally {
    globalThis.RegExp = Original;
  }
  const reached = new Set(patterns.map((pattern) => pattern.where));
  return { patterns, unreached: sites.filter((site) => !reached.has(`${site.file}:${site.line}`)) };
}

async function runEveryStage() {
  const { LocalProvider } = await import('../../src/ai/providers/local-provider.ts');
  const { loadTaxonomy } = await import('../../src/ai/taxonomy/taxonomy.ts');
  const { briefStage } = await import('../../src/ai/brief/index.ts');
  const { complexityStage } = await import('../../src/ai/complexity/index.ts');
  const { decompositionStage } = await import('../../src/ai/decomposition/index.ts');
  const { ideaScoringStage } = await import('../../src/ai/idea/index.ts');
  const { cvStage } = await import('../../src/ai/cv/index.ts');
  const provider = new LocalProvider({ taxonomy: loadTaxonomy() });
  const title = 'A booking website for our community centre';
  const description =
    'We need a booking website where residents can reserve rooms, pay online and get e-mail reminders. ' +
    'Phase 1: design the pages by March 2026. Phase 2: build it with React and PostgreSQL; our budget is £5,000.';
  const brief = { title, description, refined_brief: description, field: 'software', objectives: ['Bookings online'] };
  await provider.run(briefStage, { title, description });
  await provider.run(complexityStage, brief);
  await provider.run(decompositionStage, { ...brief, complexity_level: 4 });
  await provider.run(ideaScoringStage, {
    challenge: { title, description, refined_brief: null },
    idea: { title: 'Volunteers build it', description },
  });
  const cv =
    'Jo Bloggs\njo@example.org\nExperience\nSenior Software Engineer, Acme Ltd, Jan 2019 – Present\n' +
    '- Built APIs in Python and TypeScript, 5 years of experience; assisted the lead architect\n' +
    'Education\nBSc Computer Science, University of Leeds, 2014 – 2017\nSkills: SQL, Docker (2016 – 2022)\n';
  await provider.run(cvStage, { text: cv, asOf: '2026-01-01' });
}
