import type { Config } from './config.ts';
import type { Dialect } from './db/column-types.ts';
import type { Db } from './db/database.ts';
import type { FileStorage } from './storage/file-storage.ts';

/** What the feature modules are given: built once by the entry point (or a test) and passed to `buildApp`. */
export type AppDeps = Readonly<{
  config: Config;
  db: Db;
  dialect: Dialect;
  storage: FileStorage;
}>;
