import fs from 'node:fs';
import path from 'node:path';
import { cvStage } from '../src/ai/cv/index.ts';
import type { AnalysisProvider } from '../src/ai/stage.ts';
import { extractText, UnreadableDocumentError } from '../src/ai/text/index.ts';

/**
 * CVs analysed per second, as `volunteer.analyze-cv` does it: text from the file (unpdf, mammoth; in the parsing
 * thread) and the offline CV analyzer through `provider` (the service's LocalThreadProvider, whose analysis thread is
 * counted in the process's CPU time, or a LocalProvider in this thread), over the PDF and DOCX fixtures of test/fixtures/cvs,
 * one after another, round after round. The deliberately unreadable fixtures (a scan, a protected PDF, broken or
 * empty files) are found by trying them once and left out of the timing.
 */
const CVS_DIR = path.join(import.meta.dirname, '..', 'test', 'fixtures', 'cvs');
const MEASURED_KINDS = { '.pdf': 'pdf', '.docx': 'docx' } as const;

export type CvFigures = {
  pdf: number;
  docx: number;
  unreadable: number;
  rounds: number;
  perSecond: number;
  /** This process's CPU time per CV (the parsing and analysis threads included): what a core costs, whatever else runs. */
  cpuMsPerCv: number;
};

type CvFile = { path: string; kind: 'pdf' | 'docx' };

function cvFiles(): CvFile[] {
  return fs
    .readdirSync(CVS_DIR)
    .sort()
    .flatMap((name) => {
      const kind = MEASURED_KINDS[path.extname(name) as keyof typeof MEASURED_KINDS];
      return kind ? [{ path: path.join(CVS_DIR, name), kind }] : [];
    });
}

async function analyse(provider: AnalysisProvider, file: CvFile): Promise<void> {
  const { text } = await extractText(file);
  await provider.run(cvStage, { text });
}

export async function benchCvs(minimumSeconds: number, provider: AnalysisProvider): Promise<CvFigures> {
  const readable: CvFile[] = [];
  let unreadable = 0;
  // The warm-up round (parser and analysis threads, taxonomy index, JIT) also sorts out the files that cannot be read.
  for (const file of cvFiles()) {
    try {
      await analyse(provider, file);
      readable.push(file);
    } catch (error) {
      if (!(error instanceof UnreadableDocumentError)) throw error;
      unreadable++;
    }
  }

  let rounds = 0;
  const started = performance.now();
  const cpu = process.cpuUsage();
  while (rounds === 0 || performance.now() - started < minimumSeconds * 1000) {
    for (const file of readable) await analyse(provider, file);
    rounds++;
  }
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  return {
    pdf: readable.filter((file) => file.kind === 'pdf').length,
    docx: readable.filter((file) => file.kind === 'docx').length,
    unreadable,
    rounds,
    perSecond: (readable.length * rounds) / seconds,
    cpuMsPerCv: (used.user + used.system) / 1000 / (readable.length * rounds),
  };
}
