import assert from 'node:assert/strict';
import fs from 'node:fs';
import { describe, it } from 'node:test';
import { servedOpenApiDocument } from '../../tools/openapi/document.ts';
import { SDK_TYPES_FILE, sdkTypes } from '../../tools/openapi/sdk-types.ts';

/** The document depends on the routes only, not on the database engine: one run is enough. */
describe('SDK types', () => {
  it('are the ones openapi-typescript generates from the served document (else: npm run sdk:generate)', async () => {
    const expected = await sdkTypes(await servedOpenApiDocument());
    const committed = fs.readFileSync(SDK_TYPES_FILE, 'utf8');
    assert.ok(
      committed === expected,
      'sdk/src/generated/openapi.ts differs from the served OpenAPI document: run `npm run sdk:generate` and commit it.',
    );
    assert.match(committed, /^ {8}Challenge: \{$/m, 'named schemas become named types');
  });
});
