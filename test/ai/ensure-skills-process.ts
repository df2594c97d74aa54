import { createDatabase } from '../../src/db/database.ts';
import { ensureSkillIds } from '../../src/modules/skills/skills.repository.ts';

/**
 * A process of its own that names skills in a database and prints their ids:
 * `node ensure-skills-process.ts <url> <schema or ""> <name>...`.
 */
const [url, schema, ...names] = process.argv.slice(2);
const handle = createDatabase({ url, ...(schema ? { schema } : {}), poolSize: 2 });
try {
  process.stdout.write(JSON.stringify(await ensureSkillIds(handle.db, names)));
} finally {
  await handle.destroy();
}
