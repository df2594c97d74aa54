import type { CheerioAPI } from 'cheerio';
import * as cheerio from 'cheerio';

/**
 * A page as a person and assistive technology meet it, for web tests: its visible text, headings, links, buttons,
 * forms and labelled controls, read from the parsed HTML (cheerio) rather than from markup regexes, so that a
 * change of classes or attribute order breaks no test while a changed word, link or control does.
 */
type Node = Parameters<CheerioAPI>[0];
type Selection = ReturnType<CheerioAPI>;

type Link = { text: string; href: string };
type Button = { text: string; name: string | null; value: string | null; pressed: string | null };
type Option = { value: string; text: string; selected: boolean };
type Control = {
  label: string;
  name: string | null;
  /** `textarea`, `select`, or the input's type (`text` when it has none). */
  type: string;
  value: string;
  /** A checkbox or radio ticked as the page comes. */
  checked: boolean;
  required: boolean;
  multiple: boolean;
  accept: string | null;
  min: string | null;
  max: string | null;
  /** The texts the control points to with aria-describedby (hint and error), each collapsed. */
  description: string[];
  /** The live character counter app.js keeps under the field (`data-counter`), with its limits. */
  counter: { min: string | null; max: string | null } | null;
  options: Option[];
};
type Form = {
  /** Where the form goes: `data-api` for forms that app.js sends to the API, else `action`. */
  target: string;
  method: string;
  /** Where app.js goes after a success (`data-redirect`), and the question it asks first (`data-confirm`). */
  redirect: string | null;
  confirm: string | null;
  text: string;
  buttons: Button[];
  control(label: string | RegExp): Control;
  /** The hidden field `name`'s value (e.g. `next`), or null. */
  hiddenValue(name: string): string | null;
};

const INVISIBLE = 'script, style, template, [hidden], [aria-hidden="true"]';

/** Words as read: each element is a word boundary, whitespace collapsed, no space before punctuation. */
function collapse(parts: string[]): string {
  return parts
    .join(' ')
    .replace(/\s+/g, ' ')
    .replace(/ ([,.;:)])/g, '$1')
    .trim();
}

function visibleParts($: CheerioAPI, node: Node, out: string[]): void {
  const element = $(node);
  for (const child of element.contents().toArray()) {
    if (child.type === 'text') out.push(child.data);
    else if (child.type === 'tag' && !$(child).is(INVISIBLE)) visibleParts($, child, out);
  }
}

function textOfSelection($: CheerioAPI, selection: Selection): string {
  const parts: string[] = [];
  for (const node of selection.toArray()) visibleParts($, node, parts);
  return collapse(parts);
}

function matches(text: string, wanted: string | RegExp): boolean {
  return typeof wanted === 'string' ? text === wanted : wanted.test(text);
}

function attr(selection: Selection, name: string): string | null {
  return selection.attr(name) ?? null;
}

function buttonsIn($: CheerioAPI, scope: Selection): Button[] {
  return scope
    .find('button, input[type="submit"]')
    .toArray()
    .map((node) => {
      const button = $(node);
      return {
        text: button.is('input') ? (button.attr('value') ?? '') : textOfSelection($, button),
        name: attr(button, 'name'),
        value: attr(button, 'value'),
        pressed: attr(button, 'aria-pressed'),
      };
    });
}

function controlOf($: CheerioAPI, scope: Selection, wanted: string | RegExp): Control {
  const labels = scope.find('label').toArray();
  for (const node of labels) {
    const label = $(node);
    // The required marker (*) is aria-hidden, so the label reads as its words.
    const text = textOfSelection($, label);
    if (!matches(text, wanted)) continue;
    const id = label.attr('for');
    const control = id ? $(`[id="${id}"]`) : label.find('input, select, textarea').first();
    if (control.length === 0) throw new Error(`the label "${text}" names no control`);
    const tag = control.prop('tagName')?.toLowerCase() ?? '';
    const describedBy = (control.attr('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
    const options = control
      .find('option')
      .toArray()
      .map((option) => ({
        value: $(option).attr('value') ?? '',
        text: textOfSelection($, $(option)),
        selected: $(option).is('[selected]'),
      }));
    const value =
      tag === 'textarea'
        ? control.text()
        : tag === 'select'
          ? (options.find((option) => option.selected)?.value ?? options[0]?.value ?? '')
          : (control.attr('value') ?? '');
    return {
      label: text,
      name: attr(control, 'name'),
      type: tag === 'input' ? (control.attr('type') ?? 'text') : tag,
      value,
      checked: control.is('[checked]'),
      required: control.is('[required]'),
      multiple: control.is('[multiple]'),
      accept: attr(control, 'accept'),
      min: attr(control, 'min') ?? attr(control, 'minlength'),
      max: attr(control, 'max') ?? attr(control, 'maxlength'),
      description: describedBy.map((ref) => textOfSelection($, $(`[id="${ref}"]`))).filter(Boolean),
      counter: control.is('[data-counter]') ? { min: attr(control, 'data-min'), max: attr(control, 'data-max') } : null,
      options,
    };
  }
  const known = labels.map((node) => `"${textOfSelection($, $(node))}"`).join(', ');
  throw new Error(`no control labelled ${String(wanted)} (labels: ${known})`);
}

function formOf($: CheerioAPI, node: Node): Form {
  const form = $(node);
  return {
    target: form.attr('data-api') ?? form.attr('action') ?? '',
    method: (form.attr('data-method') ?? form.attr('method') ?? 'GET').toUpperCase(),
    redirect: attr(form, 'data-redirect'),
    confirm: attr(form, 'data-confirm'),
    text: textOfSelection($, form),
    buttons: buttonsIn($, form),
    control: (label) => controlOf($, form, label),
    hiddenValue: (name) => form.find(`input[type="hidden"][name="${name}"]`).attr('value') ?? null,
  };
}

export function parsePage(html: string) {
  const $ = cheerio.load(html);
  const body = $('body');
  const forms = () =>
    body
      .find('form')
      .toArray()
      .map((node) => formOf($, node));
  const links = (): Link[] =>
    body
      .find('a[href]')
      .toArray()
      .map((node) => ({ text: textOfSelection($, $(node)), href: $(node).attr('href') ?? '' }));

  return {
    /** The document's <title>. */
    title: $('title').text(),
    /** What a person reads on the page: no scripts, nothing hidden, words separated as they are laid out. */
    text: textOfSelection($, body),
    /** The visible text of the first element matching a CSS selector (for one region, e.g. `main`, `#ideas`). */
    textOf(selector: string): string {
      const found = body.find(selector).first();
      if (found.length === 0) throw new Error(`nothing matches ${selector}`);
      return textOfSelection($, found);
    },
    /** Texts of the headings of `level` (1–6), or of every level. */
    headings(level?: number): string[] {
      const selector = level ? `h${level}` : 'h1, h2, h3, h4, h5, h6';
      return body
        .find(selector)
        .toArray()
        .map((node) => textOfSelection($, $(node)));
    },
    links,
    /** The link whose visible text is (or matches) `name`; throws when there is none. */
    link(name: string | RegExp): Link {
      const found = links().find((link) => matches(link.text, name));
      if (!found)
        throw new Error(
          `no link ${String(name)} (links: ${links()
            .map((l) => `"${l.text}"`)
            .join(', ')})`,
        );
      return found;
    },
    /** Hrefs of every link, for "is there a way to X" checks. */
    hrefs: (): string[] => links().map((link) => link.href),
    buttons: (): Button[] => buttonsIn($, body),
    forms,
    /** The form that goes to `target` (its `data-api` or `action`); throws when there is none. */
    form(target: string | RegExp): Form {
      const found = forms().find((form) => matches(form.target, target));
      if (!found)
        throw new Error(
          `no form to ${String(target)} (forms: ${forms()
            .map((f) => f.target)
            .join(', ')})`,
        );
      return found;
    },
    /** The control labelled `label` anywhere on the page. */
    control: (label: string | RegExp): Control => controlOf($, body, label),
    /** The message shown next to the field `name` (its `[data-error-for]` slot, which app.js fills too). */
    fieldError(name: string): string {
      const slot = body.find(`[data-error-for="${name}"]`);
      if (slot.length === 0) throw new Error(`no error slot for ${name}`);
      return textOfSelection($, slot);
    },
    /** Texts of the live regions: `role="alert"` (errors) and `role="status"` (news), empty ones left out. */
    alerts: (): string[] =>
      body
        .find('[role="alert"]')
        .toArray()
        .map((node) => textOfSelection($, $(node)))
        .filter(Boolean),
    statuses: (): string[] =>
      body
        .find('[role="status"]')
        .toArray()
        .map((node) => textOfSelection($, $(node)))
        .filter(Boolean),
    /** Texts kept hidden until app.js reveals them (`hidden` elements with words in them). */
    hiddenTexts: (): string[] =>
      body
        .find('[hidden]')
        .toArray()
        .map((node) => collapse([$(node).text()]))
        .filter(Boolean),
    /** The regions app.js keeps up to date: it polls `url` and reloads the page when `field` is no longer `value`. */
    liveUpdates: (): Array<{ url: string; field: string; value: string; text: string }> =>
      body
        .find('[data-poll]')
        .toArray()
        .map((node) => ({
          url: $(node).attr('data-poll') ?? '',
          field: $(node).attr('data-poll-field') ?? '',
          value: $(node).attr('data-poll-value') ?? '',
          text: textOfSelection($, $(node)),
        })),
    /** The items of the ordered list of steps named `label`, in order, with the one marked `aria-current="step"`. */
    steps: (label: string): Array<{ text: string; current: boolean }> =>
      body
        .find(`ol[aria-label="${label}"] > li`)
        .toArray()
        .map((node) => ({ text: textOfSelection($, $(node)), current: $(node).attr('aria-current') === 'step' })),
    /** The names images are announced by (their alt texts), with their sources. */
    images: (): Array<{ alt: string; src: string }> =>
      body
        .find('img')
        .toArray()
        .map((node) => ({ alt: $(node).attr('alt') ?? '', src: $(node).attr('src') ?? '' })),
  };
}
