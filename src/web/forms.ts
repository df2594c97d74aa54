import type { FieldErrors } from '../http/app-error.ts';
import { type Html, html } from './html.ts';

/**
 * Form controls with their label, hint and validation messages next to the field, wired for assistive technology
 * (`aria-describedby`, `aria-invalid`). The same markup is used by server-side validation and by app.js, which fills
 * `[data-error-for]` from a 422 of the API.
 */
export type FieldOptions = {
  name: string;
  /** The control's id, where the page has several forms with a field of the same name (default `field-NAME`). */
  id?: string;
  label: string;
  type?: 'text' | 'email' | 'password' | 'number' | 'url' | 'date' | 'file' | 'textarea' | 'select';
  value?: string | number | null;
  errors?: FieldErrors;
  required?: boolean;
  hint?: string;
  attributes?: Html;
  options?: Array<[string, string]>;
};

export function field(options: FieldOptions): Html {
  const id = options.id ?? `field-${options.name.replace(/[^a-z0-9_-]/gi, '')}`;
  const messages = options.errors?.[options.name] ?? [];
  const describedBy = [options.hint ? `${id}-hint` : '', `${id}-error`].filter(Boolean).join(' ');
  const common = html`id="${id}" name="${options.name}" aria-describedby="${describedBy}"${options.required ? html` required` : ''}${messages.length > 0 ? html` aria-invalid="true"` : ''} ${options.attributes}`;
  const value = options.value ?? '';
  let control: Html;
  switch (options.type) {
    case 'textarea':
      control = html`<textarea ${common}>${value}</textarea>`;
      break;
    case 'select':
      control = html`<select ${common}>${(options.options ?? []).map(
        ([optionValue, label]) =>
          html`<option value="${optionValue}"${String(value) === optionValue ? html` selected` : ''}>${label}</option>`,
      )}</select>`;
      break;
    case 'file':
      control = html`<input type="file" ${common}>`;
      break;
    default:
      control = html`<input type="${options.type ?? 'text'}" value="${value}" ${common}>`;
  }
  return html`<div class="field">
  <label for="${id}">${options.label}${options.required ? html` <span aria-hidden="true">*</span>` : ''}</label>
  ${options.hint && html`<p class="hint" id="${id}-hint">${options.hint}</p>`}
  ${control}
  <p class="error" id="${id}-error" data-error-for="${options.name}" role="alert">${messages.join(' ')}</p>
</div>`;
}

/**
 * A yes/no choice sent to the API as true or false (app.js `data-boolean`: an unticked box is sent too), with its
 * hint and the API's message on the field like `field`.
 */
export function checkboxField(options: {
  name: string;
  label: string | Html;
  checked: boolean;
  hint?: string;
  /** For a page holding several forms with the same field names (the id is otherwise made from the name). */
  id?: string;
  /** Sent as the opposite of the box: a ticked "Supporting" box sends `core: false`. */
  negate?: boolean;
}): Html {
  const id = options.id ?? `field-${options.name.replace(/[^a-z0-9_-]/gi, '')}`;
  const describedBy = [options.hint ? `${id}-hint` : '', `${id}-error`].filter(Boolean).join(' ');
  return html`<div class="field">
  <label class="choice" for="${id}"><input type="checkbox" id="${id}" name="${options.name}" value="true" data-boolean${options.negate ? html`="negate"` : ''} aria-describedby="${describedBy}"${options.checked ? html` checked` : ''}> ${options.label}</label>
  ${options.hint && html`<p class="hint" id="${id}-hint">${options.hint}</p>`}
  <p class="error" id="${id}-error" data-error-for="${options.name}" role="alert"></p>
</div>`;
}

/** A summary above the form, so keyboard and screen-reader users learn that something needs fixing. */
export function formErrorSummary(message: string | null): Html {
  return html`<div class="form-error" data-form-error role="alert"${message ? '' : html` hidden`}>${message ?? ''}</div>`;
}
