import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { keyOf, runtimePatterns, scanSources, sourceFiles, verdictOf } from './regex-safety.ts';

/**
 * No regular expression in src/ may backtrack super-linearly (issue 10, item 1): every pattern written in the source,
 * and every one the code builds at run time, is checked with recheck. Checking all of them takes minutes, so the
 * patterns recheck has already found safe are kept in regex-safety.verified.json (with recheck's version): only new or
 * changed patterns are checked on a run. `REGEX_SAFETY_RECORD=1` adds the ones a run found safe to that file and drops
 * those no longer in the source; deleting the file (or a new recheck version) makes the next run check every pattern.
 */
const ROOT = path.resolve(import.meta.dirname, '..', '..');
const SRC = path.join(ROOT, 'src');
const VERIFIED_FILE = path.join(import.meta.dirname, 'regex-safety.verified.json');
const RECORD = process.env.REGEX_SAFETY_RECORD === '1';
const RECHECK_VERSION = (
  JSON.parse(fs.readFileSync(path.join(ROOT, 'node_modules/recheck/package.json'), 'utf8')) as {
    version: string;
  }
).version;

/**
 * The fix of issue 10 for quadratic trailing-run patterns (`[.!?]+$` → `(?<![.!?])[.!?]+$`) and two label patterns:
 * a match can start only where a run starts, so V8 does linear work (measured: 80,000 characters of each pattern's
 * attack string in 0.4–130 ms, growing linearly from 20,000). recheck's fuzzer, which cannot prove lookbehinds or
 * bounded labels, called these safe in one full run and quadratic in the next.
 */
const LINEAR_IN_V8 = "Measured linear in V8; flagged by recheck's fuzzer in some runs only (see LINEAR_IN_V8).";

/**
 * Patterns recheck flags that may stay, each with why it cannot be made to work hard: the input it ever sees is
 * bounded, or is not user text. Keyed as the literal is written.
 */
const ALLOWED = new Map<string, string>([
  // src/ai/decomposition/local.ts:188, src/ai/decomposition/local.ts:278
  ['/(?<![.;:])[.;:]+$/', LINEAR_IN_V8],
  // src/ai/decomposition/brief-structure.ts:57
  ['/(?<![:\\s])[:\\s]+$/', LINEAR_IN_V8],
  // src/ai/decomposition/brief-pieces.ts:319
  ['/(?<![\\s,;.])[\\s,;.]+$/', LINEAR_IN_V8],
  // src/ai/decomposition/task-wording.ts:247
  ['/(?<![\\s,;:])[\\s,;:]+$/', LINEAR_IN_V8],
  // src/ai/decomposition/task-wording.ts:222
  ['/(?<![\\s.,;:!?])[\\s.,;:!?]+$/', LINEAR_IN_V8],
  // src/ai/decomposition/task-wording.ts:72
  ['/(?<![\\s.;:,])[\\s.;:,]+$/', LINEAR_IN_V8],
  // src/ai/decomposition/brief-structure.ts:126
  ['/(?<![\\s:.)\\-–—])[\\s:.)\\-–—]+$/', LINEAR_IN_V8],
  // src/ai/decomposition/task-wording.ts:158
  ["/(?<![^\\p{L}'-])[^\\p{L}'-]+$/u", LINEAR_IN_V8],
  // src/ai/decomposition/brief-pieces.ts:328
  ['/(?<!\\W)\\W+$/', LINEAR_IN_V8],
  // src/ai/decomposition/brief-pieces.ts:228
  ['/(?<!\\s)\\s*;\\s*/g', LINEAR_IN_V8],
  // src/ai/decomposition/brief-pieces.ts:271
  ['/(?<!\\s)\\s+(?:and|or)\\s+/g', LINEAR_IN_V8],
  // src/ai/decomposition/local.ts:124
  ['/(?<!\\s)\\s+\\S*$/', LINEAR_IN_V8],
  // src/ai/decomposition/task-wording.ts:19
  [
    '/^(?:before|by|within|over|during|after)\\s+[^,\\s][^,]{2,59}?,?\\s+(?=(?:we|i)\\s+(?:must|should|need|want|will|would|have)\\b)/i',
    LINEAR_IN_V8,
  ],
  // src/ai/decomposition/brief-structure.ts:104
  ['/^\\s*[:.)\\-–—]\\s*([^:—–\\s][^:—–]{0,59}?)\\s*(?:[:—–]|\\s-\\s)\\s*(?=\\S)/', LINEAR_IN_V8],
  // src/ai/providers/openai-provider.ts:109
  [
    '/^\\s*```(?:json)?\\s*\\n([\\s\\S]*?)\\n\\s*```\\s*$/i',
    "The model's answer (AI_PROVIDER=openai), not user text, bounded by the response's token limit.",
  ],
  // src/config.ts:264
  ['/\\/+$/', "APP_URL from the operator's environment, read once at start: not user text."],
  // src/modules/auth/linkedin-account.service.ts:32 src/modules/users/users.service.ts:10
  [
    '/^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$/',
    'An account e-mail (registration, LinkedIn sign-in): its length is checked first (MAX_EMAIL_LENGTH, 254 characters), so the quadratic worst case is bounded.',
  ],
  // src/ai/taxonomy/text-parser.ts:57
  [
    '/(?:(?:(?:https?|ftp):)?\\/\\/)(?:\\S+(?::\\S*)?@)?(?:(?:(?:[a-z\\u00A1-\\uFFFF\\d]-*)*[a-z\\u00A1-\\uFFFF\\d]+)(?:\\.(?:[a-z\\u00A1-\\uFFFF\\d]-*)*[a-z\\u00A1-\\uFFFF\\d]+)*(?:\\.(?:[a-z\\u00A1-\\uFFFF]{2,})))(?::\\d{2,5})?(?:[\\/?#]\\S*)?/gi',
    'wink-nlp\'s own pattern, which its tokenizer applies to one token: parseText hands wink no run of more than 100 characters without a space, and no host of more than 32 characters after "//" (text-parser.ts), which bounds it.',
  ],
  // src/ai/taxonomy/text-parser.ts:57
  [
    "/[-!#$%&'*+\\/=?^\\w{|}~](?:\\.?[-!#$%&'*+\\/=?^\\w`{|}~])*@[a-z0-9](?:-?\\.?[a-z0-9])*(?:\\.[a-z](?:-?[a-z0-9])*)+/gi",
    'wink-nlp\'s own pattern, which its tokenizer applies to one token: parseText hands wink no run of more than 100 characters without a space, and no host of more than 32 characters after "//" (text-parser.ts), which bounds it.',
  ],
  // src/ai/taxonomy/text-parser.ts:57
  [
    '/1\\dth|[04-9]th|1st|2nd|3rd|[02-9]1st|[02-9]2nd|[02-9]3rd|[02-9][04-9]th|\\d+\\d[04-9]th|\\d+\\d1st|\\d+\\d2nd|\\d+\\d3rd/g',
    'wink-nlp\'s own pattern, which its tokenizer applies to one token: parseText hands wink no run of more than 100 characters without a space, and no host of more than 32 characters after "//" (text-parser.ts), which bounds it.',
  ],
  // src/ai/taxonomy/text-parser.ts:57
  [
    '/^[\\+\\-]?\\d+(?:[\\.\\,\\-\\/\\:]?(?=(?<digit>\\d+))\\k<digit>)*$/',
    'wink-nlp\'s own pattern, which its tokenizer applies to one token: parseText hands wink no run of more than 100 characters without a space, and no host of more than 32 characters after "//" (text-parser.ts), which bounds it.',
  ],
  // src/ai/taxonomy/text-parser.ts:57
  [
    '/^(?:(?:(?:https?|ftp):)?\\/\\/)(?:\\S+(?::\\S*)?@)?(?:(?:(?:[a-z\\u00A1-\\uFFFF\\d]-*)*[a-z\\u00A1-\\uFFFF\\d]+)(?:\\.(?:[a-z\\u00A1-\\uFFFF\\d]-*)*[a-z\\u00A1-\\uFFFF\\d]+)*(?:\\.(?:[a-z\\u00A1-\\uFFFF]{2,})))(?::\\d{2,5})?(?:[\\/?#]\\S*)?$/i',
    'wink-nlp\'s own pattern, which its tokenizer applies to one token: parseText hands wink no run of more than 100 characters without a space, and no host of more than 32 characters after "//" (text-parser.ts), which bounds it.',
  ],
  // src/ai/taxonomy/text-parser.ts:57
  [
    "/^[-!#$%&'*+\\/=?^\\w{|}~](?:\\.?[-!#$%&'*+\\/=?^\\w`{|}~])*@[a-z0-9](?:-?\\.?[a-z0-9])*(?:\\.[a-z](?:-?[a-z0-9])*)+$/i",
    'wink-nlp\'s own pattern, which its tokenizer applies to one token: parseText hands wink no run of more than 100 characters without a space, and no host of more than 32 characters after "//" (text-parser.ts), which bounds it.',
  ],
  // src/ai/taxonomy/text-parser.ts:57
  [
    '/^([^\\‘\\“\\"\\[\\(\\{\\…\\-\\–].+?)(\\.+|––|--|[\\’\\\'\\”\\"\\…\\,\\.\\!\\;\\?\\-\\–\\:\\u0964\\u0965]$|(?:\\\'s))$/',
    'wink-nlp\'s own pattern, which its tokenizer applies to one token: parseText hands wink no run of more than 100 characters without a space, and no host of more than 32 characters after "//" (text-parser.ts), which bounds it.',
  ],
]);

type Verified = { recheck: string; safe: string[] };

function readVerified(): Set<string> {
  if (!fs.existsSync(VERIFIED_FILE)) return new Set();
  const verified = JSON.parse(fs.readFileSync(VERIFIED_FILE, 'utf8')) as Verified;
  return verified.recheck === RECHECK_VERSION ? new Set(verified.safe) : new Set();
}

describe('regular expressions', () => {
  test('the check fails super-linear patterns and passes linear ones', async () => {
    // Exponential, and the quadratic e-mail shape of the review ("non-space, @, non-space, dot, non-space").
    assert.equal((await verdictOf('^(a+)+$', '')).safe, false);
    assert.equal((await verdictOf('^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$', '')).safe, false);
    assert.equal((await verdictOf('\\s+$', '')).safe, false);
    assert.equal((await verdictOf('^\\d{1,3}(?:,\\d{3})*$', '')).safe, true);

    const scan = scanSources([
      {
        name: 'example.ts',
        text:
          "const NAME = '^[a-z]+$';\nconst a = /(x+x+)+y/g;\nconst b = new RegExp('\\\\d+\\\\.\\\\d+', 'u');\n" +
          "const c = new RegExp(NAME);\nconst d = RegExp(words.join('|'), 'i');\nconst e = { pattern: '^\\\\w+$' };\n",
      },
    ]);
    assert.deepEqual(scan.patterns, [
      { source: '(x+x+)+y', flags: 'g', where: 'example.ts:2' },
      { source: '\\d+\\.\\d+', flags: 'u', where: 'example.ts:3' },
      { source: '^[a-z]+$', flags: '', where: 'example.ts:4' },
      { source: '^\\w+$', flags: 'u', where: 'example.ts:6' },
    ]);
    assert.deepEqual(scan.runtimeSites, [{ file: 'example.ts', line: 5 }]);
  });

  test('no pattern in src/, written or built at run time, backtracks super-linearly', async () => {
    const scan = scanSources(sourceFiles(SRC));
    const runtime = await runtimePatterns(SRC, scan.runtimeSites);
    assert.deepEqual(
      runtime.unreached.map((site) => `${path.relative(ROOT, site.file)}:${site.line}`),
      [],
      'These build a RegExp at run time but built none while the test loaded them and ran every stage',
    );

    const byKey = new Map<string, string[]>();
    for (const pattern of [...scan.patterns, ...runtime.patterns]) {
      byKey.set(keyOf(pattern), [...(byKey.get(keyOf(pattern)) ?? []), path.relative(ROOT, pattern.where)]);
    }
    const verified = readVerified();
    const toCheck = [...byKey.keys()].filter((key) => !verified.has(key) && !ALLOWED.has(key));
    const failures: string[] = [];
    const safe: string[] = [];
    // Two at a time: recheck's binary checks in threads of its own, and CI has two cores.
    const queue = [...toCheck];
    await Promise.all(
      [0, 1].map(async () => {
        for (let key = queue.shift(); key !== undefined; key = queue.shift()) {
          const slash = key.lastIndexOf('/');
          const verdict = await verdictOf(key.slice(1, slash), key.slice(slash + 1));
          if (verdict.safe) safe.push(key);
          else failures.push(`${key} at ${[...new Set(byKey.get(key))].join(', ')}: ${verdict.reason}`);
        }
      }),
    );
    if (RECORD) {
      const stillInSource = [...verified].filter((key) => byKey.has(key));
      const record: Verified = { recheck: RECHECK_VERSION, safe: [...stillInSource, ...safe].sort() };
      fs.writeFileSync(VERIFIED_FILE, `${JSON.stringify(record, null, 2)}\n`);
    } else if (safe.length > 0) {
      console.log(`${safe.length} new patterns checked safe; REGEX_SAFETY_RECORD=1 records them.`);
    }
    assert.deepEqual(failures.sort(), [], 'Rewrite these linear, or allow-list them in this file with the reason');

    const stale = [...ALLOWED.keys()].filter((key) => !byKey.has(key));
    assert.deepEqual(stale, [], 'Allow-listed patterns no longer in the source: remove them from ALLOWED');
  });
});
