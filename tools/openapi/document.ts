import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../src/app.ts';
import { closeDeps, createDeps } from '../../src/app-deps.ts';
import { loadConfig } from '../../src/config.ts';
import { createDatabase } from '../../src/db/database.ts';

/**
 * The OpenAPI document the server serves at /api/openapi.json, built the way the server builds it but without a
 * listener or a migrated database: the document depends only on the routes. `env` is the configuration (APP_URL
 * gives `servers`); the application runs on a throwaway SQLite file in a temporary data folder.
 */
export async function servedOpenApiDocument(env: Record<string, string> = {}): Promise<Record<string, unknown>> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'guild-openapi-'));
  try {
    const config = loadConfig({ LOG_LEVEL: 'silent', ...env, DATA_DIR: dataDir });
    const database = createDatabase({ url: config.databaseUrl });
    const deps = await createDeps(config, database);
    try {
      const app = await buildApp(deps);
      await app.ready();
      const document = app.swagger() as unknown as Record<string, unknown>;
      await app.close();
      return document;
    } finally {
      await closeDeps(deps);
      await database.destroy();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
