#!/usr/bin/env node
// The `guild` command. The code is TypeScript run by Node 24's type stripping; when the `node` that started this
// file is older, run the command again under the Node 24 that the `node` devDependency puts in node_modules.
// Plain JavaScript with nothing newer than ES2020 + top-level await, so that old Node versions can read it.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const REQUIRED_MAJOR = 24;
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const cli = join(root, 'src', 'cli.ts');

if (Number(process.versions.node.split('.')[0]) >= REQUIRED_MAJOR) {
  await import(pathToFileURL(cli).href);
} else {
  const node = join(root, 'node_modules', '.bin', 'node');
  if (!existsSync(node)) {
    console.error(
      `guild: Node ${REQUIRED_MAJOR} or newer is needed (this is ${process.version}). ` +
        `Run "npm install" in ${root} to get it, or install Node ${REQUIRED_MAJOR}.`,
    );
    process.exit(1);
  }
  const result = spawnSync(node, [cli, ...process.argv.slice(2)], { stdio: 'inherit' });
  if (result.error) {
    console.error(`guild: could not start ${node}: ${result.error.message}`);
    process.exit(1);
  }
  // Ended by a signal: end the same way, so the caller's shell sees what happened.
  if (result.signal) process.kill(process.pid, result.signal);
  process.exit(result.status === null ? 1 : result.status);
}
