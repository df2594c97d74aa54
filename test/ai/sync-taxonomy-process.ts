import { syncTaxonomy } from '../../src/ai/taxonomy/taxonomy.repository.ts';
import { createDatabase } from '../../src/db/database.ts';

/** A process of its own that syncs the taxonomy into a database: `node sync-taxonomy-process.ts <url> [schema]`. */
const [url, schema] = process.argv.slice(2);
const handle = createDatabase({ url, ...(schema ? { schema } : {}), poolSize: 2 });
try {
  await syncTaxonomy(handle.db);
} finally {
  await handle.destroy();
}
