import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import zlib from 'node:zlib';
import {
  docFile,
  docxFile,
  gifFile,
  jpegFile,
  padded,
  pdfFile,
  pngFile,
  zipFile,
} from '../../test/helpers/file-fixtures.ts';
import { type FileKind, sniffFileKind } from './file-kinds.ts';

describe('sniffFileKind', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'guild-kinds-'));
  after(() => fs.rmSync(dir, { recursive: true, force: true }));
  let n = 0;
  const sniff = (bytes: Buffer | string, name = `file-${++n}`) => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, bytes);
    return sniffFileKind(file);
  };

  it('recognises every accepted kind from its bytes', async () => {
    const expected: Array<[string, Buffer, FileKind]> = [
      ['pdf', pdfFile(), 'pdf'],
      ['docx', docxFile(), 'docx'],
      ['doc (OLE2)', docFile(), 'doc'],
      ['zip', zipFile([{ name: 'notes.txt', data: 'hello' }]), 'zip'],
      ['png', pngFile(), 'png'],
      ['jpeg', jpegFile(), 'jpeg'],
      ['gif', gifFile(), 'gif'],
      ['text', Buffer.from('Plain notes, with ünïcödé and emoji 🎉\n'), 'txt'],
    ];
    for (const [label, bytes, kind] of expected) assert.equal(await sniff(bytes), kind, label);
  });

  it('ignores the name: PNG bytes called cv.pdf are a PNG, PDF bytes called logo.png a PDF', async () => {
    assert.equal(await sniff(pngFile(), 'cv.pdf'), 'png');
    assert.equal(await sniff(pdfFile(), 'logo.png'), 'pdf');
  });

  it('tells a Word document from any other ZIP by its entries', async () => {
    const wordDirectoryOnly = zipFile([{ name: 'word/document.xml', data: '<w:document/>' }]);
    assert.equal(await sniff(wordDirectoryOnly), 'zip');
  });

  it('treats an animated PNG as a PNG', async () => {
    const png = pngFile();
    const acTL = Buffer.alloc(20);
    acTL.writeUInt32BE(8, 0);
    acTL.write('acTL', 4, 'latin1');
    acTL.writeUInt32BE(1, 8);
    acTL.writeUInt32BE(0, 12);
    acTL.writeUInt32BE(zlib.crc32(acTL.subarray(4, 16)), 16);
    // signature (8) + IHDR chunk (25), then the animation control chunk before the image data
    const apng = Buffer.concat([png.subarray(0, 33), acTL.subarray(0, 20), png.subarray(33)]);
    assert.equal(await sniff(apng), 'png');
  });

  it('refuses what it cannot name: binary noise, an empty file, a kind nobody accepts, invalid UTF-8', async () => {
    assert.equal(await sniff(Buffer.from([0x00, 0x01, 0x02, 0x03, 0xfe, 0xff, 0x00, 0x10])), null);
    assert.equal(await sniff(Buffer.alloc(0)), null);
    assert.equal(await sniff(Buffer.concat([Buffer.from('MThd'), Buffer.alloc(20)])), null, 'MIDI');
    assert.equal(await sniff(Buffer.from([0x68, 0x69, 0xc3, 0x28, 0x20, 0x20])), null);
  });

  it('accepts text whose sample ends inside a multi-byte character', async () => {
    // 64 KiB sample: 65 535 ASCII bytes, then a 2-byte "é" cut in half by the sample's end
    const text = Buffer.concat([Buffer.alloc(65_535, 0x61), Buffer.from('é'), Buffer.from(' end')]);
    assert.equal(await sniff(text), 'txt');
  });

  it('reads only the start of a large file', async () => {
    assert.equal(await sniff(padded(pdfFile(), 5 * 1024 * 1024)), 'pdf');
  });

  it('reports a file that cannot be read rather than calling it unknown', async () => {
    await assert.rejects(sniffFileKind(path.join(dir, 'missing')), { code: 'ENOENT' });
  });
});
