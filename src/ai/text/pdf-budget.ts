import { UnreadableDocumentError } from './errors.ts';
import { inflatedSize } from './inflated-size.ts';

/**
 * How much a PDF's compressed streams may unpack to before pdf.js sees it. pdf.js inflates a page's content
 * stream whole, into ArrayBuffers the thread's heap cap does not count, so a 1 MB file can hold a gigabyte of
 * drawing operators. This walks the file's streams (`stream` … `endstream`, as written in the file), inflates each
 * FlateDecode one (a zlib header is how it is recognised) with its output stopped at what is left of the budget,
 * and refuses the file past it; it also caps the objects the trailer declares.
 * Streams it cannot inflate (other filters, encrypted files) are left to pdf.js, under the reader's memory watch.
 */
export type PdfBudget = { maxInflatedBytes: number; maxObjects: number };

/** A scanned CV of 30 pages with lossless images stays well under this; text and fonts take a few MB. */
const PDF_BUDGET: PdfBudget = { maxInflatedBytes: 192 * 1024 * 1024, maxObjects: 500_000 };

const STREAM = Buffer.from('stream');
const END_STREAM = Buffer.from('endstream');

export async function checkPdfBudget(data: Uint8Array, budget: PdfBudget = PDF_BUDGET): Promise<void> {
  const bytes = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  checkObjectCount(bytes, budget);
  let inflated = 0;
  let end = -1;
  // Every `stream` keyword is a candidate, and the scan goes on right after it rather than after its `endstream`:
  // a decoy "stream" earlier in a dictionary (a string, a name) must not make it jump over the real data. The end
  // found is reused while it lies ahead, so the walk stays linear however many decoys a file holds.
  for (let at = bytes.indexOf(STREAM); at >= 0; at = bytes.indexOf(STREAM, at + STREAM.length)) {
    if (at >= 3 && bytes[at - 3] === 0x65 && bytes[at - 2] === 0x6e && bytes[at - 1] === 0x64) continue; // endstream
    let start = at + STREAM.length;
    if (bytes[start] === 0x0d) start++;
    if (bytes[start] === 0x0a) start++;
    if (end < start) end = bytes.indexOf(END_STREAM, start);
    if (end < 0) return; // no stream ends after this: pdf.js decides what it makes of the rest
    if (end - start < 3 || !isZlibHeader(bytes[start]!, bytes[start + 1]!)) continue; // not zlib: pdf.js's to judge
    inflated += await zlibStreamSize(bytes.subarray(start, end), budget.maxInflatedBytes - inflated);
    if (inflated > budget.maxInflatedBytes) {
      throw new UnreadableDocumentError(
        'expands_too_much',
        `its compressed streams inflate past ${budget.maxInflatedBytes} bytes`,
      );
    }
  }
}

/** The zlib stream's inflated size, Infinity when it would pass the allowance, 0 for what is not zlib data. */
async function zlibStreamSize(stream: Buffer, allowance: number): Promise<number> {
  if (stream.length < 3 || !isZlibHeader(stream[0]!, stream[1]!)) return 0;
  // Raw inflation after the two header bytes: pdf.js ignores the Adler-32 trailer, and so does this.
  return inflatedSize(stream.subarray(2), allowance).catch(() => 0); // not deflate after all: not ours to judge
}

function isZlibHeader(first: number, second: number): boolean {
  return (first & 0x0f) === 8 && first >> 4 <= 7 && ((first << 8) | second) % 31 === 0;
}

/** The largest `/Size` of a trailer or cross-reference stream: how many objects the file says it has. */
function checkObjectCount(bytes: Buffer, budget: PdfBudget): void {
  const text = bytes.toString('latin1');
  for (const match of text.matchAll(/\/Size\s+(\d{1,12})/g)) {
    if (Number(match[1]) > budget.maxObjects) {
      throw new UnreadableDocumentError('expands_too_much', `it declares ${match[1]} objects`);
    }
  }
}
