import fs from 'node:fs';
import path from 'node:path';
import { buildTaxonomy, CURATED_FILE, DEFAULT_DATA_DIR, OUTPUT_FILE, REPO_ROOT } from './build.ts';

/**
 * `npm run taxonomy:build [-- <data folder>]`: writes src/ai/taxonomy/taxonomy.generated.json from the open data
 * (default ../shared/data beside the repository) and the curated skills.json, and prints what it kept.
 */
const dataDir = path.resolve(process.argv[2] ?? DEFAULT_DATA_DIR);
if (!fs.existsSync(path.join(dataDir, 'esco'))) {
  console.error(`No open data in ${dataDir}: give the folder that holds esco/ and onet/.`);
  process.exit(1);
}
const started = performance.now();
const { text, report } = buildTaxonomy(dataDir, CURATED_FILE);
fs.writeFileSync(OUTPUT_FILE, text);
const seconds = ((performance.now() - started) / 1000).toFixed(1);
console.log(JSON.stringify(report, null, 2));
console.log(
  `Wrote ${path.relative(REPO_ROOT, OUTPUT_FILE)}: ${report.skills} skills, ${report.aliases} aliases, ` +
    `${(Buffer.byteLength(text) / 1e6).toFixed(2)} MB in ${seconds} s.`,
);
