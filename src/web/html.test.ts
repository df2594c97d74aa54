import assert from 'node:assert/strict';
import { test } from 'node:test';
import { html, jsonForScript, raw } from './html.ts';

test('escapes interpolations unless they are Html', () => {
  const name = '<script>alert("x")</script> & \'';
  assert.equal(html`<p>${name}</p>`.value, '<p>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;</p>');
  assert.equal(html`<div>${html`<b>${'a<b'}</b>`}</div>`.value, '<div><b>a&lt;b</b></div>');
  assert.equal(html`${raw('<hr>')}`.value, '<hr>');
});

test('renders lists and skips empty values', () => {
  assert.equal(html`<ul>${['a', 'b'].map((x) => html`<li>${x}</li>`)}</ul>`.value, '<ul><li>a</li><li>b</li></ul>');
  assert.equal(html`${null}${undefined}${false}${0}`.value, '0');
});

test('JSON for a script block cannot close the script', () => {
  assert.equal(jsonForScript({ t: '</script><script>' }).value, '{"t":"\\u003c/script>\\u003cscript>"}');
});
