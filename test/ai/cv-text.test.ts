import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { extractText, UnreadableDocumentError, type UnreadableReason } from '../../src/ai/text/index.ts';
import { normalizeText } from '../../src/ai/text/normalize.ts';
import { CV_FIXTURE_DIR, cvFixture, readableCvFiles } from '../fixtures/cvs/fixtures.ts';

/** The first line of a CV source ("# Lukas Brenner"): the person's name, which every format must yield first. */
function nameInSource(fileName: string): string {
  const source = fs.readFileSync(path.join(CV_FIXTURE_DIR, 'src', `${path.parse(fileName).name}.md`), 'utf8');
  return source.split('\n')[0].replace(/^# /, '');
}

async function unreadableReason(promise: Promise<unknown>): Promise<UnreadableReason> {
  const error = await promise.then(
    () => assert.fail('expected the document to be unreadable'),
    (caught: unknown) => caught,
  );
  assert.ok(error instanceof UnreadableDocumentError, `expected UnreadableDocumentError, got ${error}`);
  return error.reason;
}

let scratch: string;
before(() => {
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'guild-cv-text-'));
});
after(() => fs.rmSync(scratch, { recursive: true, force: true }));

function scratchFile(name: string, data: Buffer | Uint8Array | string): string {
  const file = path.join(scratch, name);
  fs.writeFileSync(file, data);
  return file;
}

async function pdfOfPages(pages: string[]): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (const text of pages) {
    const page = pdf.addPage([595, 842]);
    if (text) page.drawText(text, { x: 50, y: 780, size: 11, font });
  }
  return pdf.save();
}

describe('CV text extraction: readable files', () => {
  const files = readableCvFiles();

  it('has PDF, DOCX and DOC fixtures to read', () => {
    const count = (kind: string) => files.filter((file) => file.endsWith(`.${kind}`)).length;
    assert.ok(count('pdf') >= 5 && count('docx') >= 5 && count('doc') >= 3, files.join(', '));
  });

  for (const file of files) {
    it(`reads ${file}: the name first, the sections after, normalised`, async () => {
      const extracted = await extractText(cvFixture(file));
      const lines = extracted.text.split('\n');
      assert.equal(lines[0], nameInSource(file));
      assert.ok(extracted.text.length > 800, `only ${extracted.text.length} characters`);
      assert.match(extracted.text, /\n(?:Education|Skills|Key Skills|Technical Skills|Expertise)\n/);
      assert.ok(
        lines.every((line) => line !== '' && line === line.trim() && !/\s{2}/.test(line)),
        'lines are trimmed, single-spaced, never blank',
      );
      assert.equal(extracted.kind, cvFixture(file).kind);
      assert.equal(extracted.pages, file.endsWith('.pdf') ? 1 : null);
      assert.equal(extracted.truncated, false);
    });
  }

  it('yields the same words from the same CV as PDF, DOCX and DOC', async () => {
    const words = async (file: string) => (await extractText(cvFixture(file))).text.match(/[\p{L}\p{N}]+/gu);
    const pdf = await words('backend-developer.pdf');
    assert.deepEqual(await words('backend-developer.docx'), pdf);
    assert.deepEqual(await words('backend-developer.doc'), pdf);
  });

  it('answers documents read at the same time each with its own text', async () => {
    const results = await Promise.all(files.map((file) => extractText(cvFixture(file))));
    for (const [index, result] of results.entries()) {
      assert.equal(result.text.split('\n')[0], nameInSource(files[index]));
    }
  });
});

describe('CV text extraction: files that cannot be read', () => {
  it('says a scan has no text layer, with what to upload instead', async () => {
    const error = await extractText(cvFixture('scanned.pdf')).catch((caught: unknown) => caught);
    assert.ok(error instanceof UnreadableDocumentError);
    assert.equal(error.reason, 'no_text_layer');
    assert.equal(
      error.message,
      'The PDF has no text layer — it looks scanned. Upload a PDF exported from a word processor, or a DOCX.',
    );
  });

  it('still calls a scan a scan when the scanner stamped a line of text on it', async () => {
    const pdf = await PDFDocument.load(fs.readFileSync(cvFixture('scanned.pdf').path));
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    pdf.getPage(0).drawText('Scanned with OfficeLens', { x: 20, y: 20, size: 8, font });
    const file = scratchFile('stamped-scan.pdf', await pdf.save());
    assert.equal(await unreadableReason(extractText({ path: file, kind: 'pdf' })), 'no_text_layer');
  });

  it('says a password-protected PDF is damaged or password-protected', async () => {
    const error = await extractText(cvFixture('password-protected.pdf')).catch((caught: unknown) => caught);
    assert.ok(error instanceof UnreadableDocumentError);
    assert.equal(error.reason, 'damaged');
    assert.equal(error.message, 'The file is damaged or password-protected.');
    assert.match(error.detail ?? '', /Password/);
  });

  it('says a truncated DOCX is damaged', async () => {
    assert.equal(await unreadableReason(extractText(cvFixture('truncated.docx'))), 'damaged');
  });

  it('says a Word file without text is empty', async () => {
    const error = await extractText(cvFixture('empty.docx')).catch((caught: unknown) => caught);
    assert.ok(error instanceof UnreadableDocumentError);
    assert.equal(error.reason, 'empty');
    assert.equal(error.message, 'The document is empty.');
  });

  it('says a PDF of blank pages is empty, not scanned', async () => {
    const file = scratchFile('blank.pdf', await pdfOfPages(['', '']));
    assert.equal(await unreadableReason(extractText({ path: file, kind: 'pdf' })), 'empty');
  });

  it('reads a PDF with only a line of text and no pictures: short, but not a scan', async () => {
    const file = scratchFile('short.pdf', await pdfOfPages(['Curriculum vitae']));
    assert.equal((await extractText({ path: file, kind: 'pdf' })).text, 'Curriculum vitae');
  });

  it('says a zero-byte file is empty', async () => {
    const file = scratchFile('zero.docx', '');
    assert.equal(await unreadableReason(extractText({ path: file, kind: 'docx' })), 'empty');
  });

  it('says a file of another format than its kind is damaged', async () => {
    const docx = cvFixture('data-scientist.docx').path;
    assert.equal(await unreadableReason(extractText({ path: docx, kind: 'pdf' })), 'damaged');
    const text = scratchFile('notes.txt', 'Curriculum vitae of somebody, in plain text.');
    assert.equal(await unreadableReason(extractText({ path: text, kind: 'docx' })), 'damaged');
    assert.equal(await unreadableReason(extractText({ path: text, kind: 'doc' })), 'damaged');
  });

  it('refuses a file over the size limit before parsing it', async () => {
    const file = cvFixture('backend-developer.pdf');
    const size = fs.statSync(file.path).size;
    assert.equal(await unreadableReason(extractText(file, { maxBytes: size - 1 })), 'too_large');
    assert.ok((await extractText(file, { maxBytes: size })).text.length > 0);
  });

  it('gives up on a document that takes too long, and reads the next one on a fresh thread', async () => {
    assert.equal(await unreadableReason(extractText(cvFixture('ux-designer.pdf'), { timeoutMs: 1 })), 'timeout');
    const next = await extractText(cvFixture('ux-designer.pdf'));
    assert.equal(next.text.split('\n')[0], nameInSource('ux-designer.pdf'));
  });

  it('lets a missing file fail as a file-system error, which a retry may cure', async () => {
    const error = await extractText({ path: path.join(scratch, 'gone.pdf'), kind: 'pdf' }).catch((e: unknown) => e);
    assert.ok(!(error instanceof UnreadableDocumentError));
    assert.equal((error as NodeJS.ErrnoException).code, 'ENOENT');
  });
});

describe('CV text extraction: limits and normalisation', () => {
  it('reads only the first pages of a long PDF and says so', async () => {
    const pages = ['Profile of a backend engineer, first page', 'Experience, second page', 'References, third page'];
    const file = scratchFile('long.pdf', await pdfOfPages(pages));
    const extracted = await extractText({ path: file, kind: 'pdf' }, { maxPages: 2 });
    assert.equal(extracted.text, `${pages[0]}\n${pages[1]}`);
    assert.equal(extracted.pages, 3);
    assert.equal(extracted.truncated, true);
  });

  it('keeps at most maxCharacters of the text and says so', async () => {
    const extracted = await extractText(cvFixture('translator.docx'), { maxCharacters: 100 });
    assert.equal(extracted.text.length, 100);
    assert.equal(extracted.truncated, true);
  });

  it('folds ligatures and compatibility forms, drops invisible characters, straightens quotes', () => {
    assert.equal(normalizeText('ﬁnance and oﬄine work'), 'finance and offline work');
    assert.equal(normalizeText('Senior\u00a0Engineer\u200b at Ac\u00adme'), 'Senior Engineer at Acme');
    assert.equal(normalizeText('\u201cLead\u201d developer\u2019s role'), '"Lead" developer\'s role');
    assert.equal(normalizeText('Ｐｙｔｈｏｎ'), 'Python');
    assert.equal(normalizeText('\uf0b7 Bullet from a symbol font\u0007'), 'Bullet from a symbol font');
  });

  it('gives one space between words, trimmed lines and no blank lines, whatever the line breaks', () => {
    assert.equal(
      normalizeText('  Name \r\n\r\n\r\nSkills:\tPython,   Go \v Java\fEnd\u2028x  '),
      'Name\nSkills: Python, Go\nJava\nEnd\nx',
    );
  });
});
