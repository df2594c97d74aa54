import { runCli } from './cli/runner.ts';

/** `guild <command>` (bin/guild.js) and `npm run cli -- <command>`: operator commands; see `guild --help`. */
process.exitCode = await runCli(process.argv.slice(2));
