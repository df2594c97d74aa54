import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import Fastify, { type FastifyInstance } from 'fastify';
import { gifFile, padded, pdfFile, pngFile } from '../../test/helpers/file-fixtures.ts';
import { installErrorHandler } from './error-handler.ts';
import { assertUploadsValid, installUploads, MiB, safeFileName, uploadsOf } from './uploads.ts';
import { installValidators } from './validation.ts';

/** A bare app with the upload plumbing and one route that reports what it received. */
async function uploadApp(tempDir: string): Promise<FastifyInstance> {
  const app = Fastify();
  installValidators(app);
  installErrorHandler(app);
  await installUploads(app, tempDir);
  app.post(
    '/upload',
    {
      config: {
        uploads: {
          logo: { maxBytes: 2 * MiB, kinds: ['png', 'gif'], label: 'PNG or GIF image', noun: 'your logo' },
          cv: { maxBytes: 10 * MiB, kinds: ['pdf'], label: 'PDF file', noun: 'your CV' },
          attachments: {
            maxBytes: MiB,
            kinds: ['pdf', 'png'],
            label: 'PDF or PNG file',
            noun: 'your files',
            maxFiles: 2,
          },
        },
      },
    },
    async (request) => {
      assertUploadsValid(request);
      return {
        body: request.body ?? null,
        ignored: request.ignoredFileFields,
        files: request.uploads.map((upload) => ({
          field: upload.field,
          fileName: upload.fileName,
          size: upload.size,
          kind: upload.kind,
          contentType: upload.contentType,
          tempFileExists: fs.existsSync(upload.tempPath),
        })),
        logos: uploadsOf(request, 'logo').length,
      };
    },
  );
  return app;
}

async function send(app: FastifyInstance, form: FormData) {
  const request = new Request('http://localhost/upload', { method: 'POST', body: form });
  const response = await app.inject({
    method: 'POST',
    url: '/upload',
    headers: { 'content-type': request.headers.get('content-type')! },
    payload: Buffer.from(await request.arrayBuffer()),
  });
  return { status: response.statusCode, data: response.json() };
}

function form(entries: Array<[string, Buffer | string, string?]>): FormData {
  const result = new FormData();
  for (const [field, value, fileName] of entries) {
    if (typeof value === 'string' && fileName === undefined) result.append(field, value);
    else result.append(field, new Blob([value]), fileName ?? '');
  }
  return result;
}

describe('multipart uploads', () => {
  let app: FastifyInstance;
  let tempDir: string;
  before(async () => {
    tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'guild-uploads-'));
    app = await uploadApp(tempDir);
  });
  after(async () => {
    await app.close();
    fs.rmSync(tempDir, { recursive: true, force: true });
  });
  const tempFiles = () => fs.readdirSync(tempDir);

  it('streams each declared file to a temp file, sniffs it, and removes it after the response', async () => {
    const { status, data } = await send(
      app,
      form([
        ['logo', pngFile(), 'logo.gif'],
        ['cv', pdfFile(), '../../etc/My CV.pdf'],
        ['company_name', 'Acme'],
      ]),
    );
    assert.equal(status, 200);
    assert.deepEqual(data.body, { company_name: 'Acme' });
    assert.deepEqual(
      data.files.map((f: Record<string, unknown>) => [f.field, f.fileName, f.kind, f.contentType, f.tempFileExists]),
      [
        ['logo', 'logo.gif', 'png', 'image/png', true],
        ['cv', 'My CV.pdf', 'pdf', 'application/pdf', true],
      ],
    );
    assert.equal(data.files[0].size, pngFile().length);
    assert.deepEqual(tempFiles(), []);
  });

  it('refuses a file of a kind the field does not accept, whatever its name says', async () => {
    const { status, data } = await send(app, form([['cv', pngFile(), 'cv.pdf']]));
    assert.equal(status, 422);
    assert.deepEqual(data, {
      message: '"cv.pdf" is not a PDF file. Upload your CV as a PDF file, up to 10 MB.',
      errors: { cv: ['"cv.pdf" is not a PDF file. Upload your CV as a PDF file, up to 10 MB.'] },
    });
    const nameless = await send(app, form([['cv', pngFile(), '']]));
    assert.deepEqual(nameless.data.errors, {
      cv: ['The file is not a PDF file. Upload your CV as a PDF file, up to 10 MB.'],
    });
    assert.deepEqual(tempFiles(), []);
  });

  it("answers 422 on the field for a file over the field's limit, keeping at most the limit on disk", async () => {
    const { status, data } = await send(app, form([['logo', padded(pngFile(), 2 * MiB + 1), 'big.png']]));
    assert.equal(status, 422);
    assert.deepEqual(data.errors, {
      logo: ['"big.png" is larger than 2 MB. Upload your logo as a PNG or GIF image, up to 2 MB.'],
    });
    assert.deepEqual(tempFiles(), []);
  });

  it('answers 422, not 413, for a file past the largest limit of all', async () => {
    const { status, data } = await send(app, form([['cv', padded(pdfFile(), 12 * MiB), 'huge.pdf']]));
    assert.equal(status, 422);
    assert.deepEqual(data.errors, {
      cv: ['"huge.pdf" is larger than 10 MB. Upload your CV as a PDF file, up to 10 MB.'],
    });
    assert.deepEqual(tempFiles(), []);
  });

  it('accepts a file of exactly the limit', async () => {
    const { status, data } = await send(app, form([['logo', padded(gifFile(), 2 * MiB), 'exact.gif']]));
    assert.equal(status, 200);
    assert.equal(data.files[0].size, 2 * MiB);
  });

  it('refuses an empty named file, and treats the empty nameless part of an unused file input as no file', async () => {
    const empty = await send(app, form([['cv', Buffer.alloc(0), 'empty.pdf']]));
    assert.equal(empty.status, 422);
    assert.deepEqual(empty.data.errors, { cv: ['"empty.pdf" is empty. Upload your CV as a PDF file, up to 10 MB.'] });
    const unused = await send(app, form([['logo', Buffer.alloc(0), '']]));
    assert.equal(unused.status, 200);
    assert.deepEqual(unused.data.files, []);
    assert.deepEqual(tempFiles(), []);
  });

  it('limits how many files a field takes', async () => {
    const twoLogos = await send(
      app,
      form([
        ['logo', pngFile(), 'a.png'],
        ['logo', pngFile(), 'b.png'],
      ]),
    );
    assert.equal(twoLogos.status, 422);
    assert.deepEqual(twoLogos.data.errors, {
      logo: ['More than one file was sent. Upload your logo as a PNG or GIF image, up to 2 MB.'],
    });
    const threeAttachments = await send(
      app,
      form([
        ['attachments[]', pdfFile(), 'a.pdf'],
        ['attachments[]', pngFile(), 'b.png'],
        ['attachments[]', pdfFile(), 'c.pdf'],
      ]),
    );
    assert.equal(threeAttachments.status, 422);
    assert.deepEqual(threeAttachments.data.errors, {
      attachments: [
        'More than 2 files were sent. Attach your files: up to 2 files, each a PDF or PNG file of up to 1 MB.',
      ],
    });
    const twoAttachments = await send(
      app,
      form([
        ['attachments[]', pdfFile(), 'a.pdf'],
        ['attachments[]', pngFile(), 'b.png'],
      ]),
    );
    assert.equal(twoAttachments.status, 200);
    assert.equal(twoAttachments.data.files.length, 2);
    assert.deepEqual(tempFiles(), []);
  });

  it('reports every problem at once', async () => {
    const { status, data } = await send(
      app,
      form([
        ['logo', pdfFile(), 'a.png'],
        ['cv', Buffer.alloc(0), 'b.pdf'],
      ]),
    );
    assert.equal(status, 422);
    assert.equal(
      data.message,
      '"a.png" is not a PNG or GIF image. Upload your logo as a PNG or GIF image, up to 2 MB. (and 1 more error)',
    );
    assert.deepEqual(Object.keys(data.errors), ['logo', 'cv']);
  });

  it('reads past files the route did not ask for, keeps nothing, and names their fields', async () => {
    const { status, data } = await send(app, form([['avatar', pngFile(), 'me.png']]));
    assert.equal(status, 200);
    assert.deepEqual(data.files, []);
    assert.deepEqual(data.ignored, ['avatar']);
    assert.deepEqual(tempFiles(), []);
  });

  it('answers a body it cannot read with a 400 that says why, never a 500', async () => {
    const boundary = 'guild-test-boundary';
    const sendRaw = async (contentType: string, body: string) => {
      const response = await app.inject({
        method: 'POST',
        url: '/upload',
        headers: { 'content-type': contentType },
        payload: body,
      });
      return { status: response.statusCode, data: response.json() };
    };
    const field = (headers: string, value: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; ${headers}\r\n\r\n${value}\r\n--${boundary}--\r\n`;
    const multipart = `multipart/form-data; boundary=${boundary}`;
    const cases: Array<[string, string, string]> = [
      ['multipart/form-data', field('name="a"', 'x'), 'the Content-Type header names no boundary.'],
      ['multipart/form-data; boundary=', field('name="a"', 'x'), 'it does not end with the closing boundary'],
      [
        `multipart/form-data; boundary=${'b'.repeat(300)}`,
        field('name="a"', 'x'),
        'the boundary in the Content-Type header is too long.',
      ],
      [multipart, 'not multipart', 'it does not end with the closing boundary named in the Content-Type header'],
      [
        multipart,
        field('name="a"\r\nContent-Type: application/json', '{not json'),
        'a field sent as application/json is not valid JSON.',
      ],
      [multipart, field('name="__proto__"', 'x'), 'a field is named after a built-in property such as __proto__.'],
    ];
    for (const [contentType, body, reason] of cases) {
      const { status, data } = await sendRaw(contentType, body);
      assert.equal(status, 400, reason);
      assert.ok(data.message.startsWith(`The multipart body could not be read: ${reason}`), data.message);
    }
    assert.deepEqual(tempFiles(), []);
  });

  it('leaves no temp file behind when the client disconnects in the middle of a file', async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const boundary = 'guild-test-boundary';
    const request = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/upload',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': 4 * MiB },
    });
    request.on('error', () => {});
    request.write(
      `--${boundary}\r\nContent-Disposition: form-data; name="cv"; filename="cv.pdf"\r\n` +
        'Content-Type: application/pdf\r\n\r\n',
    );
    request.write(padded(pdfFile(), MiB));
    for (let i = 0; i < 100 && tempFiles().length === 0; i++) await sleep(10);
    assert.equal(tempFiles().length, 1, 'the upload was being written to a temp file');
    request.destroy();
    for (let i = 0; i < 200 && tempFiles().length > 0; i++) await sleep(10);
    assert.deepEqual(tempFiles(), []);
  });
});

describe('safeFileName', () => {
  it('keeps the base name only, without control or direction-override characters, at most 255 characters', () => {
    assert.equal(safeFileName('C:\\Users\\me\\My CV.docx'), 'My CV.docx');
    assert.equal(safeFileName('../../etc/passwd'), 'passwd');
    assert.equal(safeFileName('cv\u0000\u001b.pdf'), 'cv.pdf');
    assert.equal(safeFileName('invoice\u202Efdp.exe'), 'invoicefdp.exe');
    assert.equal(safeFileName(''), 'file');
    assert.equal(safeFileName(undefined), 'file');
    assert.equal(safeFileName('   '), 'file');
    const long = `${'ä'.repeat(300)}.pdf`;
    assert.equal([...safeFileName(long)].length, 255);
    assert.equal(safeFileName(`${'😀'.repeat(300)}`), '😀'.repeat(255));
  });
});
