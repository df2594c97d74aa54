import { CELL_BAR, type DocxElement, docxText } from './docx-text.ts';
import { UnreadableDocumentError } from './errors.ts';
import { countWordCharacters } from './normalize.ts';
import { checkPdfBudget } from './pdf-budget.ts';
import { checkZipBudget } from './zip-budget.ts';

/**
 * The format readers. They run inside the parsing worker (parse-worker.ts), so a file that makes a parser spin or
 * swell costs a terminated thread, never the process. Any exception a parser throws on a file means the file is
 * not something it can read: it becomes `damaged`, with the parser's message kept as the detail.
 *
 * Each parser is imported when its first file comes: the API process reaches this module through the CV analysis
 * service's imports but never parses, and the three parsers cost it about 30 MB of memory (issue 11's RSS aim).
 */
export type DocumentKind = 'pdf' | 'doc' | 'docx';

export type RawDocument = { text: string; pages: number | null; truncatedPages: boolean };

export type ReadLimits = { maxPages: number };

/** Below this many letters and digits, a PDF of pictures holds no real text: a scanner's stamp, a page number. */
const MIN_PDF_TEXT = 40;

export async function readDocument(kind: DocumentKind, data: Uint8Array, limits: ReadLimits): Promise<RawDocument> {
  try {
    if (kind === 'pdf') return await readPdf(data, limits);
    const text = kind === 'docx' ? await readDocx(data) : await readDoc(data);
    if (countWordCharacters(text) === 0) throw new UnreadableDocumentError('empty');
    return { text, pages: null, truncatedPages: false };
  } catch (error) {
    if (error instanceof UnreadableDocumentError) throw error;
    throw new UnreadableDocumentError('damaged', error instanceof Error ? `${error.name}: ${error.message}` : null);
  }
}

async function readPdf(data: Uint8Array, limits: ReadLimits): Promise<RawDocument> {
  // Encrypted files (PasswordException), non-PDFs (InvalidPDFException) and broken cross-reference tables throw
  // here; readDocument turns them into `damaged`. pdf.js prints its recoverable warnings unless told not to.
  await checkPdfBudget(data); // before pdf.js inflates anything: see pdf-budget.ts
  const { getDocumentProxy } = await import('unpdf');
  const pdf = await getDocumentProxy(data, { verbosity: 0, isEvalSupported: false });
  try {
    const pageCount = Math.min(pdf.numPages, limits.maxPages);
    const pages: string[] = [];
    for (let number = 1; number <= pageCount; number++) {
      const page = await pdf.getPage(number);
      const content = await page.getTextContent();
      pages.push(pdfPageText(content.items.filter((item) => 'str' in item)));
      page.cleanup();
    }
    const text = pages.join('\n');
    const letters = countWordCharacters(text);
    if (letters < MIN_PDF_TEXT && (await paintsImages(pdf, pageCount)))
      throw new UnreadableDocumentError('no_text_layer');
    if (letters === 0) throw new UnreadableDocumentError('empty');
    return { text, pages: pdf.numPages, truncatedPages: pdf.numPages > pageCount };
  } finally {
    await pdf.destroy();
  }
}

/** A run of text on a PDF page as pdf.js gives it: its string, its matrix (scale at 0, x at 4, y at 5) and width. */
export type PdfTextItem = { str: string; transform: number[]; width: number; hasEOL: boolean };

/**
 * A gap wider than this many times the font size, on one line, is a column's edge, not a space between words (a space
 * is a quarter to a third of it; justified text stretches it to well under one).
 */
const CELL_GAP_EMS = 1.2;

/**
 * A page's text, with the cells of a table row kept apart. PDF has no cells, only positions: a table row is written
 * as its cells' texts at their columns' x, with a wide blank run or a jump between them ("Installation", "   ",
 * "Copper and plastic pipework, …"). Joined as written, the cells would run into one another ("Installation Copper
 * and plastic pipework"); a gap wider than `CELL_GAP_EMS` becomes " | ", the bar a CV's reader reads cells by, as it
 * does a Word table's (`withCellBars`).
 */
export function pdfPageText(items: PdfTextItem[]): string {
  let text = '';
  let lineEnd: { x: number; y: number } | null = null;
  let gap = false;
  for (const item of items) {
    const [size = 0, , , , x = 0, y = 0] = item.transform;
    const em = Math.abs(size) || 1;
    const sameLine = lineEnd !== null && Math.abs(y - lineEnd.y) < em / 2;
    if (item.str.trim() === '') {
      if (sameLine && item.width > CELL_GAP_EMS * em) gap = true;
      else if (!gap) text += item.str;
    } else {
      if (sameLine && (gap || x - lineEnd!.x > CELL_GAP_EMS * em)) text = `${text.trimEnd()}${CELL_BAR}`;
      text += item.str;
      gap = false;
    }
    lineEnd = item.hasEOL ? null : { x: x + item.width, y };
    if (item.hasEOL) {
      text += '\n';
      gap = false;
    }
  }
  return text;
}

type PdfDocument = Awaited<ReturnType<typeof import('unpdf').getDocumentProxy>>;

/** Whether the pages draw pictures: a PDF of pictures and no text is a scan; one of neither is blank. */
async function paintsImages(pdf: PdfDocument, pageCount: number): Promise<boolean> {
  const { getResolvedPDFJS } = await import('unpdf');
  const { OPS } = await getResolvedPDFJS();
  const imageOps = new Set<number>([OPS.paintImageXObject, OPS.paintInlineImageXObject, OPS.paintImageMaskXObject]);
  for (let number = 1; number <= pageCount; number++) {
    const page = await pdf.getPage(number);
    const operators = await page.getOperatorList();
    page.cleanup();
    if (operators.fnArray.some((op) => imageOps.has(op))) return true;
  }
  return false;
}

async function readDocx(data: Uint8Array): Promise<string> {
  await checkZipBudget(data); // before JSZip inflates anything: see zip-budget.ts
  const { default: mammoth } = await import('mammoth');
  // mammoth hands its element tree out only to `transformDocument`: the text is read there (table rows kept whole,
  // see docx-text.ts) and an empty document goes on, so no HTML is built for nothing.
  let text = '';
  await mammoth.convertToHtml(
    { buffer: Buffer.from(data.buffer, data.byteOffset, data.byteLength) },
    {
      transformDocument: (document: DocxElement) => {
        text = docxText(document);
        return { ...document, children: [] };
      },
    },
  );
  return text;
}

async function readDoc(data: Uint8Array): Promise<string> {
  const { default: WordExtractor } = await import('word-extractor');
  const document = await new WordExtractor().extract(Buffer.from(data.buffer, data.byteOffset, data.byteLength));
  // Sidebars of CV templates are text boxes and the name often sits in the page header: both hold CV content.
  const parts = [
    document.getHeaders({ includeFooters: false }),
    document.getBody(),
    document.getTextboxes({ includeHeadersAndFooters: false, includeBody: true }),
  ];
  return parts
    .filter((part) => part.trim() !== '')
    .map(withCellBars)
    .join('\n\n');
}

// The Word binary format ends every cell of a table with a mark that word-extractor gives as a tab, so a table row is
// a line that ends on a tab ("Guests\tRSVP management, seating plans\t"). Read as spaces, its cells would run into
// one another ("Guests RSVP management"); a CV's reader sees them as a row only with the cells' bars, as a DOCX
// (a line per cell) and a text table (" | ") keep them apart. A tab inside a paragraph (a tab stop) is left alone.
const TABLE_ROW = /^(.*\S)\t[ \t]*$/;
export function withCellBars(text: string): string {
  return text
    .split('\n')
    .map((line) => {
      const row = TABLE_ROW.exec(line);
      return row
        ? row[1]!
            .split('\t')
            .map((cell) => cell.trim())
            .filter((cell) => cell !== '')
            .join(CELL_BAR)
        : line;
    })
    .join('\n');
}
