import type { ColumnDataType } from 'kysely';

/** Column types that differ between the two engines; migrations take them instead of naming either engine. */
export type ColumnTypes = Readonly<{
  /** For what has no common syntax at all (triggers); column types go through the fields below. */
  dialect: Dialect;
  id: ColumnDataType;
  timestamp: ColumnDataType;
  real: ColumnDataType;
}>;

export type Dialect = 'sqlite' | 'postgres';

export function columnTypesFor(dialect: Dialect): ColumnTypes {
  return dialect === 'postgres'
    ? { dialect, id: 'serial', timestamp: 'timestamptz', real: 'double precision' }
    : { dialect, id: 'integer', timestamp: 'text', real: 'real' };
}
