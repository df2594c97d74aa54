import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/**
 * Small but real files of each kind the service accepts, built in code so that no binary fixture has to be trusted:
 * each starts with the bytes a sniffer (and the program that opens it) looks for.
 */

/** A one-page PDF that says `text`. */
export function pdfFile(text = 'Curriculum vitae'): Buffer {
  const stream = `BT /F1 12 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/**
 * A ZIP entry as it goes into the archive: `data` already stored (`method` 0) or deflated (8); `inflatedSize` is the
 * size the headers declare (a bomb's may lie) and `crc` the checksum they carry (0 where the test does not compute it).
 */
export type ZipEntry = { name: string; data: Buffer; method: 0 | 8; inflatedSize: number; crc?: number };

/** A ZIP archive of entries exactly as given: local headers, data, central directory, end record. */
export function zipOf(entries: readonly ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const crc = entry.crc ?? 0;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(entry.method, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(entry.data.length, 18);
    local.writeUInt32LE(entry.inflatedSize, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4); // version made by
    central.writeUInt16LE(20, 6); // version needed
    central.writeUInt16LE(entry.method, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(entry.data.length, 20);
    central.writeUInt32LE(entry.inflatedSize, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, entry.data);
    centrals.push(central, name);
    offset += local.length + name.length + entry.data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** A store-only ZIP archive (no compression), enough for OOXML containers. */
export function zipFile(entries: Array<{ name: string; data: string | Buffer }>): Buffer {
  return zipOf(
    entries.map((entry) => {
      const data = Buffer.isBuffer(entry.data) ? entry.data : Buffer.from(entry.data, 'utf8');
      return { name: entry.name, data, method: 0, inflatedSize: data.length, crc: zlib.crc32(data) };
    }),
  );
}

/** A Word document (OOXML) with one paragraph, or one per line given (no XML escaping: plain words only). */
export function docxFile(text: string | readonly string[] = 'Curriculum vitae'): Buffer {
  const paragraphs = (typeof text === 'string' ? [text] : text).map(
    (line) => `<w:p><w:r><w:t>${line}</w:t></w:r></w:p>`,
  );
  return zipFile([
    {
      name: '[Content_Types].xml',
      data:
        '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/word/document.xml" ' +
        'ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    },
    {
      name: '_rels/.rels',
      data:
        '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" ' +
        'Target="word/document.xml"/></Relationships>',
    },
    {
      name: 'word/document.xml',
      data:
        '<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">' +
        `<w:body>${paragraphs.join('')}</w:body></w:document>`,
    },
  ]);
}

/**
 * An OLE2 compound file, the container of a legacy Word .doc: the 512-byte header (signature, version 3, little
 * endian, 512-byte sectors) followed by one empty sector. Enough for a sniffer, not for a word processor.
 */
export function docFile(): Buffer {
  const file = Buffer.alloc(1024);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(file, 0);
  file.writeUInt16LE(0x003e, 24); // minor version
  file.writeUInt16LE(0x0003, 26); // major version 3
  file.writeUInt16LE(0xfffe, 28); // byte order mark
  file.writeUInt16LE(9, 30); // sector size 2^9
  file.writeUInt16LE(6, 32); // mini sector size 2^6
  file.writeInt32LE(-2, 48); // first directory sector: end of chain
  file.writeUInt32LE(4096, 56); // mini stream cutoff
  file.writeInt32LE(-2, 60); // first mini FAT sector
  file.writeInt32LE(-2, 68); // first DIFAT sector
  file.fill(0xff, 76, 512); // DIFAT: unused
  return file;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

/** A 1×1 RGB PNG. */
export function pngFile(): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1, 0);
  header.writeUInt32BE(1, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', zlib.deflateSync(Buffer.from([0, 0x33, 0x66, 0x99]))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A 1×1 GIF89a. */
export function gifFile(): Buffer {
  return Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');
}

/** The start of a JFIF JPEG: SOI and an APP0 segment, then EOI. */
export function jpegFile(): Buffer {
  return Buffer.concat([
    Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
    Buffer.from('JFIF\0', 'latin1'),
    Buffer.from([0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0xff, 0xd9]),
  ]);
}

/** `bytes` long, starting with `head` and padded with spaces, e.g. a PDF just over a size limit. */
export function padded(head: Buffer, bytes: number): Buffer {
  const file = Buffer.alloc(bytes, 0x20);
  head.copy(file, 0, 0, Math.min(head.length, bytes));
  return file;
}

/** Every file under `dir`, as paths relative to it (an absent folder has none). */
export function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
}

/** A form with one file in `field`, as a browser sends it. */
export function fileForm(
  field: string,
  bytes: Buffer,
  fileName: string,
  fields: Record<string, string> = {},
): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append(field, new Blob([bytes]), fileName);
  return form;
}
