import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { skillsFileUrl } from '../src/ai/taxonomy/taxonomy-data.ts';
import { writeSyntheticTaxonomy } from './synthetic-taxonomy.ts';
import type { TaxonomyFigures } from './taxonomy-process.ts';

/**
 * The taxonomy's cost at the size the issue budgets for: the shipped skills file, and, while that is smaller than
 * 15,000 skills and 100,000 aliases, a synthetic file of that size (bench/synthetic-taxonomy.ts). Each is measured in
 * a fresh process (bench/taxonomy-process.ts): load time, the phrase index's build time, heap, and CPU per CV.
 */
export const BUDGET = { skills: 15_000, aliases: 100_000, loadMs: 300, heapMb: 60, cvCpuMs: 30 };

export type TaxonomyRow = { label: string; figures: TaxonomyFigures };

const run = promisify(execFile);
const processScript = path.join(import.meta.dirname, 'taxonomy-process.ts');

async function measure(file: string, cvSeconds: number): Promise<TaxonomyFigures> {
  const { stdout } = await run(process.execPath, ['--expose-gc', processScript, file, String(cvSeconds)], {
    maxBuffer: 1 << 20,
  });
  return JSON.parse(stdout) as TaxonomyFigures;
}

export async function benchTaxonomy(cvSeconds: number): Promise<TaxonomyRow[]> {
  const shippedFile = skillsFileUrl().pathname;
  const rows: TaxonomyRow[] = [{ label: path.basename(shippedFile), figures: await measure(shippedFile, cvSeconds) }];
  const { skills, aliases } = rows[0].figures;
  if (skills < BUDGET.skills || aliases < BUDGET.aliases) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'guild-taxonomy-bench-'));
    try {
      const file = path.join(dir, 'synthetic.json');
      writeSyntheticTaxonomy(file, BUDGET);
      rows.push({ label: 'synthetic (shipped + made-up skills)', figures: await measure(file, cvSeconds) });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }
  return rows;
}
