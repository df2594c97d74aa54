import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { extractText, UNREADABLE_MESSAGES, UnreadableDocumentError } from '../../src/ai/text/index.ts';
import { checkPdfBudget } from '../../src/ai/text/pdf-budget.ts';
import { checkZipBudget } from '../../src/ai/text/zip-budget.ts';
import { docxBomb, docxOfManyEntries, docxWithHiddenEntry, pdfBomb } from '../helpers/bombs.ts';
import { docxFile } from '../helpers/file-fixtures.ts';

/**
 * Decompression bombs (docs/security.md, "Documents"): a small file that unpacks to gigabytes is refused as
 * `expands_too_much`, and reading it never takes the process far from where it was.
 */
const GiB = 1024 * 1024 * 1024;
/** Generous: the parsing thread itself (pdf.js loaded) is about 40 MB. Without the checks a bomb took 1.4 GB. */
const RSS_GROWTH_LIMIT = 300 * 1024 * 1024;

let scratch: string;
before(() => {
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'guild-bombs-'));
});
after(() => fs.rmSync(scratch, { recursive: true, force: true }));

/** Reads the file, sampling the process's RSS meanwhile; resolves with the error and the largest growth seen. */
async function readMeasured(name: string, data: Buffer, kind: 'pdf' | 'docx') {
  const file = path.join(scratch, name);
  fs.writeFileSync(file, data);
  const baseline = process.memoryUsage.rss();
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 5);
  try {
    const error = await extractText({ path: file, kind }).then(
      () => assert.fail(`${name} was read`),
      (caught: unknown) => caught,
    );
    assert.ok(error instanceof UnreadableDocumentError, String(error));
    return { error, growth: Math.max(peak, process.memoryUsage.rss()) - baseline };
  } finally {
    clearInterval(sampler);
  }
}

describe('decompression bombs', () => {
  it('refuses a DOCX whose document.xml inflates past 1 GB, staying within its memory budget', async () => {
    const bomb = docxBomb(1.1 * GiB);
    assert.ok(bomb.length < 4 * 1024 * 1024, `${bomb.length} bytes`);
    const { error, growth } = await readMeasured('bomb.docx', bomb, 'docx');
    assert.equal(error.reason, 'expands_too_much');
    assert.equal(error.message, UNREADABLE_MESSAGES.expands_too_much);
    assert.ok(growth < RSS_GROWTH_LIMIT, `RSS grew by ${Math.round(growth / 1024 / 1024)} MB`);
  });

  it('refuses it as well when its directory lies about the size, by counting what actually inflates', async () => {
    const { error, growth } = await readMeasured('lying.docx', docxBomb(1.1 * GiB, 'lying'), 'docx');
    assert.equal(error.reason, 'expands_too_much');
    assert.match(error.detail ?? '', /word\/document\.xml inflates past/);
    assert.ok(growth < RSS_GROWTH_LIMIT, `RSS grew by ${Math.round(growth / 1024 / 1024)} MB`);
  });

  it('reads every directory entry JSZip would, not only as many as the end record counts', async () => {
    const { error } = await readMeasured('hidden.docx', docxWithHiddenEntry(1.1 * GiB), 'docx');
    assert.equal(error.reason, 'expands_too_much');
    assert.match(error.detail ?? '', /word\/document\.xml inflates past/);
  });

  it('refuses a DOCX of thousands of entries', async () => {
    const { error } = await readMeasured('entries.docx', docxOfManyEntries(5000), 'docx');
    assert.equal(error.reason, 'expands_too_much');
    assert.equal(error.detail, '5002 entries');
  });

  it('refuses a PDF whose content stream inflates past 1 GB, staying within its memory budget', async () => {
    const { error, growth } = await readMeasured('bomb.pdf', pdfBomb(1.1 * GiB), 'pdf');
    assert.equal(error.reason, 'expands_too_much');
    assert.match(error.detail ?? '', /compressed streams inflate past/);
    assert.ok(growth < RSS_GROWTH_LIMIT, `RSS grew by ${Math.round(growth / 1024 / 1024)} MB`);
  });

  it('is not led past a PDF bomb by the word "stream" earlier in its dictionary', async () => {
    const { error } = await readMeasured('decoy.pdf', pdfBomb(1.1 * GiB, { decoy: true }), 'pdf');
    assert.equal(error.reason, 'expands_too_much');
    assert.match(error.detail ?? '', /compressed streams inflate past/);
  });

  it('scans a PDF full of the word "stream" in linear time', async () => {
    // Each "stream" before the file's streams looks for an "endstream": 1.2 million of them over 8 MB.
    const decoys = Buffer.concat([Buffer.from('% '), Buffer.alloc(8 * 1024 * 1024, 'stream '), pdfBomb(64 * 1024)]);
    const started = performance.now();
    await checkPdfBudget(decoys);
    assert.ok(performance.now() - started < 5000, `${Math.round(performance.now() - started)} ms`);
  });

  it('stops a bomb the checks cannot see (deflate inside ASCIIHexDecode) by watching the parser thread', async () => {
    const { error, growth } = await readMeasured('hidden.pdf', pdfBomb(1.1 * GiB, { hex: true }), 'pdf');
    assert.equal(error.reason, 'expands_too_much');
    assert.match(error.detail ?? '', /outside its heap/);
    assert.ok(growth < RSS_GROWTH_LIMIT, `RSS grew by ${Math.round(growth / 1024 / 1024)} MB`);
  });

  it('still reads an ordinary DOCX and PDF content stream under the budgets', async () => {
    await checkZipBudget(docxFile('Ada Lovelace, analyst'));
    const file = path.join(scratch, 'small.pdf');
    fs.writeFileSync(file, pdfBomb(64 * 1024));
    const extracted = await extractText({ path: file, kind: 'pdf' });
    assert.match(extracted.text, /^bomb/);
  });

  it('lets a ratio check catch one entry that inflates far more than text does', async () => {
    const budget = { maxEntries: 10, maxInflatedBytes: 256 * 1024 * 1024, maxRatio: 200, ratioFloorBytes: 1024 * 1024 };
    await assert.rejects(checkZipBudget(docxBomb(32 * 1024 * 1024, 'lying'), budget), (error: unknown) => {
      assert.ok(error instanceof UnreadableDocumentError);
      assert.equal(error.reason, 'expands_too_much');
      assert.match(error.detail ?? '', /word\/document\.xml inflates \d+ bytes from \d+/);
      return true;
    });
  });
});
