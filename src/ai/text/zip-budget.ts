import { UnreadableDocumentError } from './errors.ts';
import { inflatedSize } from './inflated-size.ts';

/**
 * How much a ZIP container (DOCX) may unpack to before its parser sees it. mammoth opens the archive with JSZip,
 * which inflates whatever an entry holds into memory outside the V8 heap, so the thread's heap cap does not stop a
 * small archive from swelling to gigabytes. This reads the central directory itself (the entries JSZip will read,
 * found the same way: the last end-of-central-directory record) and checks, before any parser runs:
 * the entry count, the sizes the directory declares, and the sizes the entries actually inflate to, each inflation
 * stopped as soon as it passes what is left of the budget. A CV of ten pages with photos unpacks to a few MB.
 */
export type ZipBudget = {
  /** Entries in the archive; a DOCX has a few dozen. */
  maxEntries: number;
  /** Bytes all entries together may inflate to, declared and actual. */
  maxInflatedBytes: number;
  /** Inflated / compressed size of one entry, checked on entries larger than `ratioFloorBytes`. */
  maxRatio: number;
  ratioFloorBytes: number;
};

const DOCX_BUDGET: ZipBudget = {
  maxEntries: 1000,
  maxInflatedBytes: 64 * 1024 * 1024,
  maxRatio: 200,
  ratioFloorBytes: 1024 * 1024,
};

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const STORED = 0;
const DEFLATED = 8;

type Entry = { name: string; method: number; compressedSize: number; declaredSize: number; localOffset: number };

export async function checkZipBudget(data: Uint8Array, budget: ZipBudget = DOCX_BUDGET): Promise<void> {
  const bytes = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  const entries = readDirectory(bytes, budget);
  let declared = 0;
  for (const entry of entries) {
    declared += entry.declaredSize;
    if (declared > budget.maxInflatedBytes) {
      throw expandsTooMuch(`the directory declares more than ${budget.maxInflatedBytes} unpacked bytes`);
    }
  }
  let inflated = 0;
  for (const entry of entries) {
    const allowance = budget.maxInflatedBytes - inflated;
    const size = await entrySize(bytes, entry, allowance);
    if (size > allowance) throw expandsTooMuch(`${entry.name} inflates past the ${allowance} bytes left`);
    inflated += size;
    if (size > budget.ratioFloorBytes && size > entry.compressedSize * budget.maxRatio) {
      throw expandsTooMuch(`${entry.name} inflates ${size} bytes from ${entry.compressedSize}`);
    }
  }
}

function readDirectory(bytes: Buffer, budget: ZipBudget): Entry[] {
  const end = findEndOfDirectory(bytes);
  if (end < 0) throw new UnreadableDocumentError('damaged', 'no ZIP end-of-central-directory record');
  const count = bytes.readUInt16LE(end + 10);
  const directorySize = bytes.readUInt32LE(end + 12);
  const directoryOffset = bytes.readUInt32LE(end + 16);
  // ZIP64 marks its counts and offsets 0xFFFF/0xFFFFFFFF: an archive over 4 GB or 65,535 entries is no document.
  if (count === 0xffff || directoryOffset === 0xffffffff || directorySize === 0xffffffff) {
    throw expandsTooMuch('a ZIP64 archive');
  }
  if (count > budget.maxEntries) throw expandsTooMuch(`${count} entries`);
  // JSZip shifts every offset when the directory is not right before its end record (bytes prepended to the
  // archive); an OOXML writer never does that, so such an archive is refused rather than read two ways.
  if (directoryOffset + directorySize !== end) {
    throw new UnreadableDocumentError('damaged', 'the ZIP directory is not where its end record says');
  }
  // JSZip reads directory entries for as long as their signature follows, whatever count the end record gives, and
  // a later entry of the same name replaces an earlier one: so every entry there is is read here too.
  const entries: Entry[] = [];
  let at = directoryOffset;
  while (at + 4 <= end && bytes.readUInt32LE(at) === DIRECTORY_ENTRY) {
    if (at + 46 > end) throw new UnreadableDocumentError('damaged', 'a ZIP directory entry is cut off');
    if (entries.length === budget.maxEntries) throw expandsTooMuch(`more than ${budget.maxEntries} entries`);
    const nameLength = bytes.readUInt16LE(at + 28);
    const entry: Entry = {
      name: bytes.toString('utf8', at + 46, Math.min(at + 46 + nameLength, end)),
      method: bytes.readUInt16LE(at + 10),
      compressedSize: bytes.readUInt32LE(at + 20),
      declaredSize: bytes.readUInt32LE(at + 24),
      localOffset: bytes.readUInt32LE(at + 42),
    };
    if (entry.compressedSize === 0xffffffff || entry.declaredSize === 0xffffffff) {
      throw expandsTooMuch(`${entry.name} has ZIP64 sizes`);
    }
    entries.push(entry);
    at += 46 + nameLength + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
  }
  return entries;
}

/** The last end-of-directory record, as JSZip finds it: within the last 22 + 65,535 (comment) bytes. */
function findEndOfDirectory(bytes: Buffer): number {
  const lowest = Math.max(0, bytes.length - 22 - 0xffff);
  for (let at = bytes.length - 22; at >= lowest; at--) {
    if (bytes.readUInt32LE(at) === END_OF_DIRECTORY) return at;
  }
  return -1;
}

/**
 * What the entry really inflates to, reading at most `allowance` bytes of output. The data is where JSZip reads it:
 * after the local header (whose name and extra lengths may differ from the directory's), `compressedSize` bytes.
 */
async function entrySize(bytes: Buffer, entry: Entry, allowance: number): Promise<number> {
  const at = entry.localOffset;
  if (at + 30 > bytes.length || bytes.readUInt32LE(at) !== LOCAL_HEADER) {
    throw new UnreadableDocumentError('damaged', `${entry.name} has no local header`);
  }
  const start = at + 30 + bytes.readUInt16LE(at + 26) + bytes.readUInt16LE(at + 28);
  const compressed = bytes.subarray(start, start + entry.compressedSize);
  if (entry.method === STORED) {
    return compressed.length;
  }
  if (entry.method !== DEFLATED) return 0; // JSZip cannot read it either: the parser reports the file damaged
  try {
    return await inflatedSize(compressed, allowance);
  } catch (error) {
    throw new UnreadableDocumentError('damaged', `${entry.name}: ${(error as Error).message}`);
  }
}

function expandsTooMuch(detail: string): UnreadableDocumentError {
  return new UnreadableDocumentError('expands_too_much', detail);
}
