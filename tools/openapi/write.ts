import fs from 'node:fs';
import path from 'node:path';
import { servedOpenApiDocument } from './document.ts';

/**
 * `node tools/openapi/write.ts <file>`: writes the OpenAPI document the server serves, for `npm run lint:openapi`
 * (Redocly lints the file, see redocly.yaml).
 *
 * APP_URL (which gives `servers`) is a public-looking address here, as a deployment's is: the development default,
 * localhost, is what Redocly's no-server-example.com rule rightly refuses in a published document.
 */
const [output] = process.argv.slice(2);
if (!output) throw new Error('Usage: node tools/openapi/write.ts <file>');
const document = await servedOpenApiDocument({ APP_URL: 'https://guild.example.org' });
fs.mkdirSync(path.dirname(output), { recursive: true });
fs.writeFileSync(output, `${JSON.stringify(document, null, 2)}\n`);
