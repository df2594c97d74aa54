import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { parse } from 'csv-parse/sync';

/**
 * Reads the open data files (../shared/data, see its README): ESCO's RFC 4180 CSVs, whose multi-valued fields hold
 * line breaks, and O*NET's tab-separated text files, whose few quoted fields are unquoted here as the README says.
 * Files over 2 MB are gzipped; `.gz` is read through node:zlib.
 */
export type Row = Record<string, string>;

function readText(file: string): string {
  const bytes = fs.readFileSync(file);
  return (file.endsWith('.gz') ? zlib.gunzipSync(bytes) : bytes).toString('utf8');
}

function readCsv(file: string): Row[] {
  return parse(readText(file), { columns: true, relax_column_count: true, skip_empty_lines: true });
}

/** O*NET: no escaping of tabs; a field wrapped in double quotes has its inner quotes doubled. */
function readTsv(file: string): Row[] {
  const rows: Row[] = parse(readText(file), { columns: true, delimiter: '\t', quote: false, skip_empty_lines: true });
  for (const row of rows) {
    for (const [key, value] of Object.entries(row)) {
      if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) {
        row[key] = value.slice(1, -1).replaceAll('""', '"');
      }
    }
  }
  return rows;
}

/** A multi-valued ESCO field ("altLabels"): one value per line. */
export function lines(value: string | undefined): string[] {
  return (value ?? '')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

export type OpenData = {
  esco: {
    skills: Row[];
    broader: Row[];
    occupations: Row[];
    occupationSkills: Row[];
    iscoGroups: Row[];
    languages: Row[];
    transversal: Row[];
  };
  onet: { technology: Row[]; tools: Row[]; occupations: Row[] };
};

export function readOpenData(dataDir: string): OpenData {
  const esco = (file: string) => path.join(dataDir, 'esco', file);
  const onet = (file: string) => path.join(dataDir, 'onet', file);
  return {
    esco: {
      skills: readCsv(esco('skills_en.csv.gz')),
      broader: readCsv(esco('broaderRelationsSkillPillar.csv.gz')),
      occupations: readCsv(esco('occupations_en.csv.gz')),
      occupationSkills: readCsv(esco('occupationSkillRelations.csv.gz')),
      iscoGroups: readCsv(esco('ISCOGroups_en.csv')),
      languages: readCsv(esco('languageSkillsCollection_en.csv')),
      transversal: readCsv(esco('transversalSkillsCollection_en.csv')),
    },
    onet: {
      technology: readTsv(onet('technology_skills.txt.gz')),
      tools: readTsv(onet('tools_used.txt.gz')),
      occupations: readTsv(onet('occupation_data.txt')),
    },
  };
}
