import fs from 'node:fs';
import readline from 'node:readline';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config.ts';
import { AppError } from '../http/app-error.ts';
import { CommandFailure, EXIT_FAILURE, EXIT_OK, EXIT_USAGE, UsageError } from './cli-errors.ts';
import type { Command, OptionValues } from './command.ts';
import { commands } from './commands.ts';
import { commandHelp, generalHelp } from './help.ts';

export type CliIo = {
  env: Record<string, string | undefined>;
  out: (line: string) => void;
  err: (line: string) => void;
  /** The first line of standard input, without its line ending. */
  readLine: () => Promise<string>;
};

function processIo(): CliIo {
  return {
    env: process.env,
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
    readLine: async () => {
      // Stops at the first line break, so a password typed at a terminal needs no end-of-input key.
      const lines = readline.createInterface({ input: process.stdin, crlfDelay: Number.POSITIVE_INFINITY });
      for await (const line of lines) {
        lines.close();
        return line;
      }
      return '';
    },
  };
}

/** Runs one command line and returns the exit code; never throws. */
export async function runCli(argv: string[], io: CliIo = processIo()): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined) {
    io.err(generalHelp(commands));
    return EXIT_USAGE;
  }
  if (name === '--help' || name === '-h' || name === 'help') return showHelp(rest[0], io);

  const command = Object.hasOwn(commands, name) ? commands[name] : undefined;
  if (!command) {
    io.err(`guild: unknown command "${name}". Run "guild --help" for the list of commands.`);
    return EXIT_USAGE;
  }

  let options: OptionValues;
  try {
    options = parseOptions(command, rest);
    if (options.help) {
      io.out(commandHelp(name, command));
      return EXIT_OK;
    }
    checkRequiredOptions(command, options);
  } catch (error) {
    return report(name, error, io);
  }
  return execute(name, command, options, io);
}

function showHelp(topic: string | undefined, io: CliIo): number {
  if (topic === undefined) {
    io.out(generalHelp(commands));
    return EXIT_OK;
  }
  if (!Object.hasOwn(commands, topic)) {
    io.err(`guild: unknown command "${topic}". Run "guild --help" for the list of commands.`);
    return EXIT_USAGE;
  }
  io.out(commandHelp(topic, commands[topic]));
  return EXIT_OK;
}

function parseOptions(command: Command, args: string[]): OptionValues {
  try {
    const { values } = parseArgs({
      args,
      options: {
        ...Object.fromEntries(Object.entries(command.options).map(([name, spec]) => [name, { type: spec.type }])),
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    });
    return values;
  } catch (error) {
    // parseArgs' own messages name the option and the problem ("Unknown option '--nope'").
    throw new UsageError((error as Error).message);
  }
}

function checkRequiredOptions(command: Command, options: OptionValues): void {
  const given = (option: string) => options[option] !== undefined;
  for (const [option, spec] of Object.entries(command.options)) {
    if (spec.required && !given(option)) throw new UsageError(`The option --${option} is required.`);
  }
  for (const group of command.exactlyOneOf ?? []) {
    const count = group.filter(given).length;
    const list = group.map((option) => `--${option}`).join(' or ');
    if (count === 0) throw new UsageError(`Give ${list}.`);
    if (count > 1) throw new UsageError(`Give only one of ${list}.`);
  }
}

async function execute(name: string, command: Command, options: OptionValues, io: CliIo): Promise<number> {
  try {
    const config = loadConfig(io.env);
    fs.mkdirSync(config.dataDir, { recursive: true });
    // Loaded here, not at the top: help and usage errors then answer without loading the database drivers.
    const { createDatabase } = await import('../db/database.ts');
    const database = createDatabase({
      url: config.databaseUrl,
      poolSize: 1,
      preparedStatements: config.databasePreparedStatements,
    });
    try {
      await command.run(
        { db: database.db, dialect: database.dialect, config, print: io.out, readLine: io.readLine },
        options,
      );
      return EXIT_OK;
    } finally {
      await database.destroy();
    }
  } catch (error) {
    return report(name, error, io);
  }
}

/** Prints an error the way an operator can act on it, and picks the exit code. */
function report(name: string, error: unknown, io: CliIo): number {
  const prefix = `guild ${name}:`;
  if (error instanceof UsageError) {
    io.err(`${prefix} ${error.message}`);
    io.err(`Run "guild ${name} --help" for usage.`);
    return EXIT_USAGE;
  }
  if (error instanceof AppError && error.errors) {
    for (const message of Object.values(error.errors).flat()) io.err(`${prefix} ${message}`);
  } else if (error instanceof ConfigError || error instanceof AppError || error instanceof CommandFailure) {
    io.err(`${prefix} ${error.message}`);
  } else if (isMissingTable(error)) {
    io.err(`${prefix} the database has no Guild tables yet; run "guild migrate" first.`);
  } else {
    io.err(`${prefix} ${describeUnexpected(error)}`);
  }
  return EXIT_FAILURE;
}

function isMissingTable(error: unknown): boolean {
  const e = error as { code?: string; message?: string } | null;
  return e?.code === '42P01' || /no such table/.test(e?.message ?? '');
}

/** pg reports a refused connection as an AggregateError with an empty message; show its parts instead. */
function describeUnexpected(error: unknown): string {
  if (error instanceof AggregateError && !error.message) {
    return error.errors.map((part) => (part as Error).message).join('; ');
  }
  return error instanceof Error ? error.message : String(error);
}
