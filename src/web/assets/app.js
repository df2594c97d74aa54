// Guild's page scripts. The layout has put the session's API token in localStorage.api_token; these scripts call
// the JSON API with it exactly as an integration would (docs/contract.md §5). Pages work without them for reading;
// they add in-place actions, live counters and the live unread badge.
(() => {
  const token = () => localStorage.getItem('api_token');

  /**
   * True once a form is posted the browser's own way (not through the API): the browser is leaving for that form's
   * answer. Signing out is such a form, and it ends this page's token: the notification stream then answers 401, and
   * without this the page would race the sign-out's own page with a trip to sign in.
   */
  let leaving = false;
  // On window, as the submit event's last stop: a form whose post another handler cancelled (a confirmation
  // dismissed) leaves nothing.
  window.addEventListener('submit', (event) => {
    const form = event.target;
    if (!event.defaultPrevented && form instanceof HTMLFormElement && form.dataset.api === undefined) leaving = true;
  });
  // A page brought back by the browser's Back button (from its page cache) is here again, not leaving.
  window.addEventListener('pageshow', (event) => {
    if (event.persisted) leaving = false;
  });

  /**
   * A 401 from the API means the token has ended (expired, signed out elsewhere, revoked): every call made from a
   * page comes through here, so each of them takes the reader to sign in, which says why and brings them back to
   * this page afterwards (issue 13, item 4). The returned promise never settles: nothing on the page acts on a call
   * whose answer is "sign in again" while the browser leaves.
   */
  function sessionEnded() {
    if (leaving) return new Promise(() => {});
    // Once: a form's call and the notification stream can both meet the 401, and a second trip would abort the
    // first navigation mid-way.
    leaving = true;
    const here = window.location.pathname + window.location.search + window.location.hash;
    window.location.assign(`/login?next=${encodeURIComponent(here)}&expired=1`);
    return new Promise(() => {});
  }

  /** Calls the API; returns { status, data }. Bodies: FormData (multipart), or a plain object (JSON). */
  async function api(method, path, body) {
    const headers = { Accept: 'application/json', Authorization: `Bearer ${token()}` };
    let payload;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers['Content-Type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const response = await fetch(path, { method, headers, body: payload, redirect: 'manual' });
    if (response.status === 401) return sessionEnded();
    const isJson = (response.headers.get('content-type') || '').includes('application/json');
    return {
      status: response.status,
      ok: response.ok || response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400),
      data: isJson ? await response.json() : null,
    };
  }
  window.Guild = { api };

  /**
   * Turns a form's fields into the API body: multipart when it carries a file, JSON otherwise. The clicked button's
   * name=value is included, as a browser does (a number when the button has `data-number`). In JSON:
   * - `name="required_skills.0.name"` builds a list of objects (`required_skills: [{name}]`), in index order; a row
   *   whose fields are all left empty is not sent, so a form can offer blank rows to fill in; `name="remove.0"`
   *   builds a list of values (`remove: ["Flutter"]`), empty ones left out;
   * - a field left empty with `data-blank="null"` is sent as null (it clears the value), with `data-blank="omit"` it
   *   is not sent at all (the value stays as it is);
   * - controls marked `data-list` gather every non-empty value of their name into an array (several selects, one per
   *   place);
   * - a checkbox marked `data-boolean` is sent as true or false, so clearing it is sent too (a browser leaves it out);
   *   `data-boolean="negate"` sends the opposite (a ticked "Supporting" box is `core: false`); in a list row
   *   (`required_skills.0.core`) it goes with its row, and alone does not make a blank row filled in.
   */
  function bodyOf(form, submitter) {
    const data = new FormData(form, submitter);
    data.delete('_csrf');
    const hasFile = [...form.querySelectorAll('input[type=file]')].some((input) => input.files.length > 0);
    if (hasFile) {
      for (const input of form.querySelectorAll('input[type=file]'))
        if (input.files.length === 0) data.delete(input.name);
      return data;
    }
    const json = {};
    const lists = new Set();
    for (const [key, value] of data.entries()) {
      if (value instanceof File) continue;
      const first = form.querySelector(`[name="${CSS.escape(key)}"]`);
      if (first?.dataset && 'boolean' in first.dataset) continue;
      if (first?.dataset && 'list' in first.dataset) {
        json[key] ||= [];
        if (value !== '') json[key].push('number' in first.dataset ? Number(value) : value);
        continue;
      }
      const input = submitter && submitter.name === key ? submitter : form.elements.namedItem(key);
      const numeric = input && (input.type === 'number' || (input.dataset && 'number' in input.dataset));
      const blank = value === '' ? input?.dataset?.blank : undefined;
      if (blank === 'omit') continue;
      const sent = blank === 'null' ? null : numeric && value !== '' ? Number(value) : value;
      const [list, index, member] = key.split('.');
      if (index === undefined) {
        json[key] = sent;
        continue;
      }
      lists.add(list);
      json[list] ??= [];
      if (member === undefined) {
        json[list][Number(index)] = sent;
        continue;
      }
      json[list][Number(index)] ??= {};
      json[list][Number(index)][member] = sent;
    }
    const filled = (value) => value !== '' && value !== null && value !== undefined;
    for (const box of form.querySelectorAll('input[type=checkbox][data-boolean]')) {
      const value = box.dataset.boolean === 'negate' ? !box.checked : box.checked;
      const [list, index, member] = box.name.split('.');
      if (member === undefined) {
        json[box.name] = value;
        continue;
      }
      const row = json[list]?.[Number(index)];
      if (row && Object.values(row).some(filled)) row[member] = value;
    }
    for (const list of lists) {
      json[list] = json[list].filter((row) =>
        typeof row === 'object' && row !== null ? Object.values(row).some(filled) : filled(row),
      );
    }
    return json;
  }

  function showErrors(form, result) {
    for (const node of form.querySelectorAll('[data-error-for]')) node.textContent = '';
    for (const node of form.querySelectorAll('[aria-invalid]')) node.removeAttribute('aria-invalid');
    const summary = form.querySelector('[data-form-error]') || document.querySelector('[data-form-error]');
    const errors = result.data?.errors || {};
    for (const [field, messages] of Object.entries(errors)) {
      const slot = form.querySelector(`[data-error-for="${CSS.escape(field)}"]`);
      if (slot) slot.textContent = messages.join(' ');
      const input = form.elements.namedItem(field) || form.elements.namedItem(`${field}[]`);
      if (input?.setAttribute) input.setAttribute('aria-invalid', 'true');
    }
    if (summary) {
      summary.textContent =
        result.data?.message || `Something went wrong (HTTP ${result.status}). Please try again in a moment.`;
      summary.hidden = false;
      summary.focus?.();
    }
    // <p data-error-when="active_assignment_id" hidden>… <a data-href="/assignments/{value}">…</a></p> : an
    // explanation shown when the error body carries that member, its links pointing at the member's value.
    for (const node of form.querySelectorAll('[data-error-when]')) {
      const value = result.data ? result.data[node.dataset.errorWhen] : undefined;
      node.hidden = value === undefined || value === null;
      if (node.hidden) continue;
      for (const link of node.querySelectorAll('a[data-href]'))
        link.href = link.dataset.href.replace('{value}', encodeURIComponent(value));
    }
  }

  // <form data-api="/api/…" data-method="POST" data-redirect="/next"> : submitted to the API with the token.
  document.addEventListener('submit', async (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || !form.dataset.api) return;
    event.preventDefault();
    if (form.dataset.confirm && !window.confirm(form.dataset.confirm)) return;
    const submitter = event.submitter?.name ? event.submitter : null;
    // Read before the button is disabled: a disabled button's value is not part of the form's data.
    const body = bodyOf(form, submitter);
    const button = event.submitter || form.querySelector('button[type=submit], button:not([type])');
    if (button) button.disabled = true;
    try {
      const result = await api(form.dataset.method || 'POST', form.dataset.api, body);
      if (result.ok) {
        const next = form.dataset.redirect;
        // An answer is the object itself (the seed's routes) or `{data: …}` (the issues' routes; docs/api.md, Shapes).
        if (next) window.location.assign(next.replace('{id}', (result.data?.data ?? result.data)?.id));
        else window.location.reload();
        return;
      }
      showErrors(form, result);
    } catch {
      showErrors(form, {
        status: 0,
        data: { message: 'The server could not be reached. Check your connection and try again.' },
      });
    } finally {
      if (button) button.disabled = false;
    }
  });

  // <textarea data-counter data-min="100" data-max="5000"> : a live character count (code points, like the API).
  function updateCounter(input) {
    const out = document.getElementById(`${input.id}-counter`);
    if (!out) return;
    const length = [...input.value.trim()].length;
    const min = Number(input.dataset.min || 0);
    const max = Number(input.dataset.max || Infinity);
    out.textContent = `${length} / ${max === Infinity ? '' : max} characters${length < min ? ` (at least ${min})` : ''}`;
    // An empty field is not an error yet: the minimum is shown in words, in red only once typing has begun.
    out.classList.toggle('bad', (length > 0 && length < min) || length > max);
  }
  document.addEventListener('input', (event) => {
    if (event.target.matches?.('[data-counter]')) updateCounter(event.target);
  });
  // <div data-poll="/api/…" data-poll-field="status" data-poll-value="pending"> : while work runs on the server,
  // checks that field every few seconds and reloads the page once it differs; gives up after a few minutes. Several
  // fields are comma-separated, their values likewise (null as empty): "status,ai_analysis_step" = "analyzing,reading"
  // reloads when the analysis moves on to its next step as well as when it ends.
  function poll(node) {
    const { poll: path, pollField: fields, pollValue: value } = node.dataset;
    const stopAt = Date.now() + 5 * 60 * 1000;
    const timer = setInterval(async () => {
      if (Date.now() > stopAt) return clearInterval(timer);
      const result = await api('GET', path).catch(() => null);
      const now = result?.ok && result.data && fields.split(',').map((field) => String(result.data[field] ?? ''));
      if (now && now.join(',') !== value) {
        clearInterval(timer);
        window.location.reload();
      }
    }, 3000);
  }

  // The unread badge (<span data-unread-count>), the notifications page's count (<span data-unread-total>) and its
  // arrivals box (<div data-live-notifications>) follow GET /api/notifications/stream: server-sent events read with
  // fetch, since EventSource cannot send the token. While the stream cannot be had (a proxy that buffers, the 429
  // cap, the network) the count is asked for every 30 s instead and the stream is tried again later, with
  // Last-Event-ID so that nothing is missed.
  function liveNotifications(badge) {
    const total = document.querySelector('[data-unread-total]');
    const arrivals = document.querySelector('[data-live-notifications]');
    const POLL_MS = 30_000;
    let lastId = null;
    let pollTimer = null;
    let retryMs = 3000;

    function showCount(count) {
      badge.textContent = String(count);
      badge.hidden = count === 0;
      badge.setAttribute('aria-label', `${count} unread`);
      if (total) total.textContent = `${count} unread`;
    }
    const refreshCount = () =>
      api('GET', '/api/notifications/unread-count')
        .then((result) => result.ok && showCount(result.data.unread_count))
        .catch(() => {});
    // The count is asked for, not added up: one read elsewhere meanwhile is then counted right too. A burst of
    // arrivals (a replay) asks once.
    let refreshQueued = false;
    function queueRefresh() {
      if (refreshQueued) return;
      refreshQueued = true;
      setTimeout(() => {
        refreshQueued = false;
        refreshCount();
      }, 200);
    }

    function announce(notification) {
      if (!arrivals) return;
      const item = document.createElement('li');
      const title = document.createElement(notification.action_url?.startsWith('/') ? 'a' : 'strong');
      // Through the route that marks it read on the way (GET /notifications/{id}/open).
      if (title.tagName === 'A') title.href = `/notifications/${notification.id}/open`;
      title.textContent = notification.title;
      item.append(title, ` ${notification.message}`);
      arrivals.querySelector('ul').prepend(item);
      const count = arrivals.querySelectorAll('li').length;
      arrivals.querySelector('[data-live-count]').textContent =
        count === 1 ? '1 new notification arrived.' : `${count} new notifications arrived.`;
      arrivals.querySelector('.card').hidden = false;
    }

    function onFrame(text) {
      const fields = {};
      for (const line of text.split('\n')) {
        const colon = line.indexOf(':');
        const value = line.slice(colon + 1);
        if (colon > 0) fields[line.slice(0, colon)] = value.startsWith(' ') ? value.slice(1) : value;
      }
      if (fields.event !== 'notification' || fields.data === undefined) return;
      lastId = fields.id;
      announce(JSON.parse(fields.data));
      queueRefresh();
    }

    async function follow() {
      const headers = { Accept: 'text/event-stream', Authorization: `Bearer ${token()}` };
      if (lastId) headers['Last-Event-ID'] = lastId;
      const response = await fetch('/api/notifications/stream', { headers });
      if (response.status === 401) return sessionEnded();
      if (!response.ok || !response.body) throw new Error(`stream answered ${response.status}`);
      clearInterval(pollTimer);
      pollTimer = null;
      retryMs = 3000;
      badge.dataset.live = 'stream';
      refreshCount();
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        for (let end = buffer.indexOf('\n\n'); end !== -1; end = buffer.indexOf('\n\n')) {
          onFrame(buffer.slice(0, end));
          buffer = buffer.slice(end + 2);
        }
      }
    }

    async function connect() {
      try {
        await follow();
      } catch {
        // no stream: poll until it comes back
      }
      badge.dataset.live = 'polling';
      if (pollTimer === null) {
        refreshCount();
        pollTimer = setInterval(refreshCount, POLL_MS);
      }
      setTimeout(connect, retryMs);
      retryMs = Math.min(retryMs * 2, 5 * 60_000);
    }
    connect();
  }

  // The phone header's menu button opens and closes the menu (app.css shows the button only on narrow screens).
  function menuToggle(button) {
    const header = button.closest('header');
    document.documentElement.classList.add('js');
    button.addEventListener('click', () => {
      const open = header.classList.toggle('open');
      button.setAttribute('aria-expanded', String(open));
    });
  }

  document.addEventListener('DOMContentLoaded', () => {
    for (const button of document.querySelectorAll('.menu-toggle')) menuToggle(button);
    for (const node of document.querySelectorAll('[data-poll]')) poll(node);
    for (const input of document.querySelectorAll('[data-counter]')) updateCounter(input);
    const badge = document.querySelector('[data-unread-count]');
    if (badge && token()) liveNotifications(badge);
  });
})();
