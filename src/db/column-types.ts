import type { ColumnDataType } from 'kysely';

/** Column types that differ between the two engines; migrations take them instead of naming either engine. */
export type ColumnTypes = Readonly<{
  id: ColumnDataType;
  timestamp: ColumnDataType;
  real: ColumnDataType;
}>;

export type Dialect = 'sqlite' | 'postgres';

export function columnTypesFor(dialect: Dialect): ColumnTypes {
  return dialect === 'postgres'
    ? { id: 'serial', timestamp: 'timestamptz', real: 'double precision' }
    : { id: 'integer', timestamp: 'text', real: 'real' };
}
