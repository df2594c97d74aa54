import type { Command, OptionSpec } from './command.ts';

const COLUMN = 30;

function optionSyntax(name: string, spec: OptionSpec): string {
  return spec.type === 'string' ? `--${name} ${spec.value ?? 'VALUE'}` : `--${name}`;
}

/** `--email EMAIL [--name LABEL] (--id N | --all)`: required options bare, optional ones in brackets. */
function usageLine(name: string, command: Command): string {
  const grouped = new Set((command.exactlyOneOf ?? []).flat());
  const parts = Object.entries(command.options)
    .filter(([option]) => !grouped.has(option))
    .map(([option, spec]) => (spec.required ? optionSyntax(option, spec) : `[${optionSyntax(option, spec)}]`));
  for (const group of command.exactlyOneOf ?? []) {
    parts.push(`(${group.map((option) => optionSyntax(option, command.options[option])).join(' | ')})`);
  }
  return ['guild', name, ...parts].join(' ');
}

export function commandHelp(name: string, command: Command): string {
  const options = Object.entries(command.options).map(
    ([option, spec]) => `  ${optionSyntax(option, spec).padEnd(COLUMN)}${spec.description}`,
  );
  options.push(`  ${'-h, --help'.padEnd(COLUMN)}Show this help.`);
  return [
    `Usage: ${usageLine(name, command)}`,
    '',
    command.summary,
    '',
    'Options:',
    ...options,
    '',
    'Examples:',
    ...command.examples.map((example) => `  ${example}`),
  ].join('\n');
}

export function generalHelp(commands: Record<string, Command>): string {
  const width = Math.max(...Object.keys(commands).map((name) => name.length)) + 2;
  return [
    'Guild operator commands.',
    '',
    'Usage: guild <command> [options]',
    '',
    'Commands:',
    ...Object.entries(commands).map(([name, command]) => `  ${name.padEnd(width)}${command.summary}`),
    '',
    'Run "guild <command> --help" for the options of one command.',
    '',
    'The database is the one the server uses: DATABASE_URL (postgres://… or sqlite:<file>), otherwise',
    'DATA_DIR/guild.sqlite. TOKEN_TTL (seconds) makes new tokens expire.',
    'Exit codes: 0 done, 1 the command failed, 2 the command line is wrong.',
  ].join('\n');
}
