import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Polls `probe` until it returns something other than undefined/false, or fails after `timeoutMs` with `what` and
 * the last value seen: the queue tests wait for other processes and timers, never for a fixed time.
 */
export async function waitFor<T>(
  what: string,
  probe: () => Promise<T | undefined | false>,
  timeoutMs = 20_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}.`);
    await sleep(25);
  }
}
