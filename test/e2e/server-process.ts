import { spawn } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import { ROOT } from '../cli/cli-harness.ts';

/** The real server as a child process: where it listens, what it logged, and how to stop it. */
export type ServerProcess = {
  url: string;
  /** The last lines the server printed (its pino log), for a failing step to show. */
  logTail: () => string;
  /** Log entries at level error or above. */
  errors: () => unknown[];
  stop: () => Promise<void>;
};

const LISTENING = /Server listening at (http:\/\/\S+)/;
// Generous: on a loaded 2-core CI machine the first start (migrations, taxonomy sync) can take many seconds.
const START_TIMEOUT_MS = 60_000;
const STOP_GRACE_MS = 5_000;
const KEPT_LINES = 200;
const PINO_ERROR = 50;

/**
 * Starts `node src/server.ts` as `npm start` does, on a port the OS picks (PORT=0), and resolves with the address
 * the server announces in its "Server listening at …" log line: no free-port guess that another process could take
 * in between. Fails with the server's own output when it exits or stays silent instead.
 */
export function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, [path.join(ROOT, 'src/server.ts')], {
    cwd: ROOT,
    env: { ...env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const errors: unknown[] = [];
  const logTail = () => lines.join('\n');
  const keep = (line: string) => {
    lines.push(line);
    if (lines.length > KEPT_LINES) lines.shift();
  };

  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      const kill = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
      child.once('exit', () => {
        clearTimeout(kill);
        resolve();
      });
      child.kill('SIGTERM');
    });

  return new Promise((resolve, reject) => {
    const fail = (reason: string) => {
      clearTimeout(timer);
      void stop().then(() => reject(new Error(`${reason}\n--- server output ---\n${logTail()}`)));
    };
    const timer = setTimeout(() => fail(`The server did not start within ${START_TIMEOUT_MS} ms.`), START_TIMEOUT_MS);
    child.once('error', (error) => fail(`The server could not be started: ${error.message}`));
    child.once('exit', (code, signal) => fail(`The server exited while starting (code ${code}, signal ${signal}).`));
    readline.createInterface({ input: child.stderr }).on('line', keep);
    readline.createInterface({ input: child.stdout }).on('line', (line) => {
      keep(line);
      const entry = parseLogLine(line);
      if (entry && entry.level >= PINO_ERROR) errors.push(entry);
      const listening = entry ? LISTENING.exec(String(entry.msg)) : null;
      if (!listening) return;
      clearTimeout(timer);
      child.removeAllListeners('exit');
      resolve({ url: listening[1], logTail, errors: () => [...errors], stop });
    });
  });
}

function parseLogLine(line: string): { level: number; msg?: unknown } | null {
  try {
    const entry = JSON.parse(line);
    return typeof entry?.level === 'number' ? entry : null;
  } catch {
    return null;
  }
}
