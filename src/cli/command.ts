import type { Config } from '../config.ts';
import type { Dialect } from '../db/column-types.ts';
import type { Db } from '../db/database.ts';

/**
 * The shape of a command, apart from the command table (commands.ts), so that the files that define commands
 * (jobs-commands.ts) and read them (help.ts, runner.ts) need not import the table that imports them.
 */

/** What a command runs with: the configured database, and where its output goes. */
export type CommandContext = {
  db: Db;
  dialect: Dialect;
  config: Config;
  print: (line: string) => void;
  /** The first line of standard input, without its line ending (spaces are part of a password). */
  readLine: () => Promise<string>;
};

export type OptionSpec = {
  type: 'string' | 'boolean';
  description: string;
  /** Placeholder shown in the help for the option's value. */
  value?: string;
  required?: boolean;
};

export type OptionValues = Record<string, string | boolean | undefined>;

export type Command = {
  summary: string;
  options: Record<string, OptionSpec>;
  /** Groups of options of which exactly one must be given (e.g. `--id` or `--all`). */
  exactlyOneOf?: string[][];
  examples: string[];
  run: (context: CommandContext, options: OptionValues) => Promise<void>;
};
