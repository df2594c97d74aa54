import { field, formErrorSummary } from '../forms.ts';
import { type Html, html } from '../html.ts';
import { dateTime } from './labels.ts';

/** The API's limit on a message (team and challenge messages share MessageText), shown by the live counter. */
const MESSAGE_MAX = 2000;

type ThreadMessage = { user: { id: number; name: string }; message: string; created_at: string };

/**
 * A message form posted to the API by app.js (`data-api`): the API's 422s show beside the field and in the summary.
 * `hidden` fields go with the message (a `data-number` one as a number, e.g. a task id).
 */
export function messageForm(options: {
  api: string;
  label: string;
  button: string;
  hidden?: Record<string, number>;
}): Html {
  return html`<form data-api="${options.api}" data-method="POST">
  ${formErrorSummary(null)}
  ${Object.entries(options.hidden ?? {}).map(
    ([name, value]) => html`<input type="hidden" name="${name}" value="${value}" data-number>`,
  )}
  ${field({
    name: 'message',
    label: options.label,
    type: 'textarea',
    required: true,
    attributes: html`data-counter data-min="1" data-max="${MESSAGE_MAX}" rows="3"`,
  })}
  <p class="counter" id="field-message-counter" aria-live="polite"></p>
  <button type="submit">${options.button}</button>
</form>`;
}

/**
 * Messages newest first, each with its author and time; `tagOf` may add a tag after the author's name (e.g. who
 * speaks for the company). `empty` is said when there are none.
 */
export function messageList<M extends ThreadMessage>(
  messages: readonly M[],
  empty: string,
  tagOf: (message: M) => string | null = () => null,
): Html {
  if (messages.length === 0) return html`<p class="muted">${empty}</p>`;
  return html`<ol class="messages" aria-label="Messages, newest first">${messages.map((message) => {
    const tag = tagOf(message);
    return html`<li>
  <p class="small"><strong>${message.user.name}</strong>${tag && html` <span class="tag">${tag}</span>`} · ${dateTime(message.created_at)}</p>
  <p class="prose">${message.message}</p>
</li>`;
  })}</ol>`;
}
