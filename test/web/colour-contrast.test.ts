import assert from 'node:assert/strict';
import fs from 'node:fs';
import { describe, it } from 'node:test';

/**
 * The colour pairs of the stylesheet against WCAG 2.2 AA (1.4.3, 4.5:1 for text of normal size; chips, tags and badges
 * are 0.8rem). axe-core in the browser suite checks the pages it reaches in the states it reaches them; this checks
 * every pair the stylesheet can produce, so a chip no browser test shows (a status of a rare state) is covered too:
 * each status chip as the cascade colours it (`.status`, then `.status.NAME`; a status without a rule of its own keeps
 * the plain chip's colours), and every other rule that sets a text colour and a background together.
 */
const CSS = fs.readFileSync(new URL('../../src/web/assets/app.css', import.meta.url), 'utf8');
const AA_NORMAL_TEXT = 4.5;

type Rule = { selectors: string[]; declarations: Map<string, string> };

/** The stylesheet's rules, those inside @media blocks included (the app's CSS has no other nesting). */
function parseRules(css: string): Rule[] {
  const rules: Rule[] = [];
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '');
  for (const match of text.matchAll(/([^{}]+)\{([^{}]*)\}/g)) {
    const prelude = (match[1] ?? '').trim();
    const declarations = new Map<string, string>();
    for (const declaration of (match[2] ?? '').split(';')) {
      const colon = declaration.indexOf(':');
      if (colon > 0) declarations.set(declaration.slice(0, colon).trim(), declaration.slice(colon + 1).trim());
    }
    rules.push({ selectors: prelude.split(',').map((selector) => selector.trim()), declarations });
  }
  return rules;
}

const RULES = parseRules(CSS);
const ROOT = RULES.find((rule) => rule.selectors.includes(':root'))?.declarations ?? new Map<string, string>();

/** A colour value as six hex digits, custom properties resolved; anything else (a gradient, `inherit`) is null. */
function hexOf(value: string | undefined): string | null {
  if (!value) return null;
  const variable = /^var\((--[\w-]+)\)/.exec(value);
  const resolved = variable ? (ROOT.get(variable[1] ?? '') ?? '') : value;
  const hex = /#([0-9a-f]{6}|[0-9a-f]{3})\b/i.exec(resolved)?.[1];
  if (!hex) return resolved.trim() === '#fff' ? 'ffffff' : null;
  return hex.length === 3 ? [...hex].map((digit) => digit + digit).join('') : hex.toLowerCase();
}

function luminance(hex: string): number {
  const channels = [0, 2, 4].map((at) => {
    const value = Number.parseInt(hex.slice(at, at + 2), 16) / 255;
    return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * (channels[0] ?? 0) + 0.7152 * (channels[1] ?? 0) + 0.0722 * (channels[2] ?? 0);
}

function contrast(foreground: string, background: string): number {
  const [light, dark] = [luminance(foreground), luminance(background)].sort((a, b) => b - a);
  return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
}

const backgroundOf = (declarations: Map<string, string>) =>
  declarations.get('background-color') ?? declarations.get('background');

describe('colour contrast of the stylesheet (WCAG 2.2 AA)', () => {
  it('reads the palette and the chips from app.css', () => {
    assert.ok(ROOT.has('--warn') && ROOT.has('--ok') && ROOT.has('--danger'), ':root defines the state colours');
    assert.ok(
      RULES.some((rule) => rule.selectors.includes('.status')),
      'the plain status chip is in app.css',
    );
  });

  it('colours every status chip at 4.5:1 or more, the amber ones included', () => {
    const base = RULES.find((rule) => rule.selectors.includes('.status'))?.declarations ?? new Map();
    const chips = new Map<string, { color: string | undefined; background: string | undefined }>([
      ['.status', { color: base.get('color'), background: backgroundOf(base) }],
    ]);
    for (const rule of RULES) {
      for (const selector of rule.selectors.filter((s) => /^\.status\.[\w-]+$/.test(s))) {
        const chip = chips.get(selector) ?? { color: base.get('color'), background: backgroundOf(base) };
        chips.set(selector, {
          color: rule.declarations.get('color') ?? chip.color,
          background: backgroundOf(rule.declarations) ?? chip.background,
        });
      }
    }
    assert.ok(chips.has('.status.pending') && chips.has('.status.invited'), 'the amber chips are among them');
    const failing = [...chips].flatMap(([selector, { color, background }]) => {
      const [fg, bg] = [hexOf(color), hexOf(background)];
      assert.ok(fg && bg, `${selector}: ${color} on ${background} is not a colour this test reads`);
      const ratio = contrast(fg, bg);
      return ratio >= AA_NORMAL_TEXT ? [] : [`${selector}: #${fg} on #${bg} is ${ratio.toFixed(2)}:1`];
    });
    assert.deepEqual(failing, []);
  });

  it('gives every rule that sets a text colour on a background of its own 4.5:1 or more', () => {
    const pairs = RULES.flatMap((rule) => {
      const [fg, bg] = [hexOf(rule.declarations.get('color')), hexOf(backgroundOf(rule.declarations))];
      return fg && bg ? [{ selector: rule.selectors.join(', '), ratio: contrast(fg, bg), fg, bg }] : [];
    });
    assert.ok(pairs.length >= 10, `the stylesheet's coloured rules are found (${pairs.length})`);
    const failing = pairs
      .filter((pair) => pair.ratio < AA_NORMAL_TEXT)
      .map((pair) => `${pair.selector}: #${pair.fg} on #${pair.bg} is ${pair.ratio.toFixed(2)}:1`);
    assert.deepEqual(failing, []);
  });

  it('measures as WCAG does: the old amber #9a6700 on #fff4d6 was under AA', () => {
    assert.ok(contrast('9a6700', 'fff4d6') < AA_NORMAL_TEXT);
    assert.equal(contrast('000000', 'ffffff').toFixed(0), '21');
  });
});
