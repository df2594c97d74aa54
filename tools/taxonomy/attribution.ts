/**
 * The sources of the generated taxonomy and the attribution their CC BY 4.0 licences require, in the wording
 * ../shared/data/README.md gives (with the modification notes, since Guild derives its own data from them). The same
 * text is in NOTICE and README.md; test/ai/taxonomy-build.test.ts checks that they agree.
 */
export type Source = { name: string; version: string; license: string; url: string; attribution: string };

export const SOURCES: readonly Source[] = [
  {
    name: 'ESCO (European Skills, Competences, Qualifications and Occupations), European Commission',
    version: 'v1.1.1',
    license: 'CC BY 4.0',
    url: 'https://esco.ec.europa.eu',
    attribution:
      'This service uses the ESCO classification of the European Commission. ' +
      '(Source: ESCO v1.1.1, © European Union, CC BY 4.0. The data have been modified for this service.)',
  },
  {
    name: 'O*NET Database, U.S. Department of Labor, Employment and Training Administration (USDOL/ETA)',
    version: '29.3 (May 2025)',
    license: 'CC BY 4.0',
    url: 'https://www.onetcenter.org',
    attribution:
      'This product includes information from the O*NET 29.3 Database by the U.S. Department of Labor, ' +
      'Employment and Training Administration (USDOL/ETA). Used under the CC BY 4.0 license. O*NET® is a ' +
      'trademark of USDOL/ETA. Guild has modified all or some of this information. USDOL/ETA has not approved, ' +
      'endorsed, or tested these modifications.',
  },
];
