import zlib from 'node:zlib';
import { type ZipEntry, zipOf } from './file-fixtures.ts';

/**
 * Decompression bombs, built fast: one deflate block of a repeated text, fully flushed so it refers to nothing
 * before it, is valid again after itself; N copies and an empty final block inflate to N times the text. A few
 * MB of output per millisecond of building, and no gigabyte is ever held by the test.
 */
export function deflateBomb(inflatedBytes: number, unit = '<w:p><w:r><w:t>bomb</w:t></w:r></w:p>'): Buffer {
  const chunkBytes = 1024 * 1024;
  const chunk = Buffer.from(unit.repeat(Math.ceil(chunkBytes / unit.length)).slice(0, chunkBytes));
  const block = zlib.deflateRawSync(chunk, { level: 9, finishFlush: zlib.constants.Z_FULL_FLUSH });
  const copies = Math.ceil(inflatedBytes / chunkBytes);
  const finalEmptyBlock = Buffer.from([0x03, 0x00]);
  return Buffer.concat([...Array.from({ length: copies }, () => block), finalEmptyBlock]);
}

const CONTENT_TYPES =
  '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  '<Override PartName="/word/document.xml" ' +
  'ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>';
const RELS =
  '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
  '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" ' +
  'Target="word/document.xml"/></Relationships>';

const stored = (name: string, text: string): ZipEntry => {
  const data = Buffer.from(text);
  return { name, data, method: 0, inflatedSize: data.length };
};

/**
 * A DOCX whose word/document.xml inflates to `inflatedBytes` (about 1 KB of archive per MB). `declared` is the size
 * its directory claims: the truth by default, or a lie to get past a check of declared sizes only.
 */
export function docxBomb(inflatedBytes: number, declared: 'truthful' | 'lying' = 'truthful'): Buffer {
  const body = deflateBomb(inflatedBytes);
  const inflatedSize = declared === 'truthful' ? Math.min(inflatedBytes, 0xfffffffe) : 4096;
  return zipOf([
    stored('[Content_Types].xml', CONTENT_TYPES),
    stored('_rels/.rels', RELS),
    { name: 'word/document.xml', data: body, method: 8, inflatedSize },
  ]);
}

/**
 * A harmless-looking DOCX whose end record counts its three innocent entries, followed in the directory by a fourth
 * that replaces word/document.xml with a bomb (JSZip reads every entry there is, the last of a name wins).
 */
export function docxWithHiddenEntry(inflatedBytes: number): Buffer {
  const hidden = zipOf([
    stored('[Content_Types].xml', CONTENT_TYPES),
    stored('_rels/.rels', RELS),
    stored('word/document.xml', '<w:document/>'),
    { name: 'word/document.xml', data: deflateBomb(inflatedBytes), method: 8, inflatedSize: 4096 },
  ]);
  hidden.writeUInt16LE(3, hidden.length - 22 + 8);
  hidden.writeUInt16LE(3, hidden.length - 22 + 10);
  return hidden;
}

/** A DOCX of many small entries: the count alone is the attack (every entry costs the parser an object). */
export function docxOfManyEntries(count: number): Buffer {
  return zipOf([
    stored('[Content_Types].xml', CONTENT_TYPES),
    stored('_rels/.rels', RELS),
    ...Array.from({ length: count }, (_, i) => stored(`word/media/${i}.xml`, '<x/>')),
  ]);
}

/**
 * A one-page PDF whose content stream (FlateDecode) inflates to `inflatedBytes` of text-drawing operators.
 * `hex` wraps the deflate data in ASCIIHexDecode, which hides it from a scan of the file for zlib streams; `decoy`
 * puts the word "stream" in the stream's dictionary, before the real keyword.
 */
export function pdfBomb(inflatedBytes: number, options: { hex?: boolean; decoy?: boolean } = {}): Buffer {
  const raw = deflateBomb(inflatedBytes, 'BT /F1 12 Tf 72 712 Td (bomb) Tj ET\n');
  // zlib wrapping: a header, the raw blocks, and an Adler-32 that pdf.js does not check.
  const zlibData = Buffer.concat([Buffer.from([0x78, 0x9c]), raw, Buffer.alloc(4)]);
  const stream = options.hex ? Buffer.from(`${zlibData.toString('hex')}>`) : zlibData;
  const filter = options.hex ? '[/ASCIIHexDecode /FlateDecode]' : '/FlateDecode';
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    null,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n')];
  const offsets: number[] = [];
  let length = parts[0]!.length;
  objects.forEach((object, index) => {
    offsets.push(length);
    const part =
      object === null
        ? Buffer.concat([
            Buffer.from(
              `${index + 1} 0 obj\n<< /Length ${stream.length} /Filter ${filter}${options.decoy ? ' /Decoy (stream)' : ''} >>\nstream\n`,
            ),
            stream,
            Buffer.from('\nendstream\nendobj\n'),
          ])
        : Buffer.from(`${index + 1} 0 obj\n${object}\nendobj\n`);
    parts.push(part);
    length += part.length;
  });
  const xref =
    `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n` +
    offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('') +
    `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`;
  parts.push(Buffer.from(xref));
  return Buffer.concat(parts);
}
