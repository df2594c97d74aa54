import DataLoader from 'dataloader';

/** More keys than this wait for the next batch: a statement's arrays stay small enough to plan and send at once. */
const MAX_BATCH = 500;

/**
 * A lookup that many concurrent requests make, sent to the database as one statement per batch (issue 11): while one
 * batch is out, the keys asked for meanwhile wait and go together in the next. Alone, a key goes at once (on the next
 * tick), so an idle server answers as fast as before; under load, fifty requests waiting on the same kind of lookup
 * share one round trip instead of paying fifty, which is most of what such a read costs the process on PostgreSQL
 * (docs/performance.md).
 *
 * Nothing is remembered between batches: every key is looked up after it was asked for, so the answer is never older
 * than the request. `loadMany` answers each key in the order given (an `Error` in a key's place fails that key only);
 * if it throws, every key of its batch fails with that error.
 */
export function oneBatchAtATime<Key, Answer>(
  loadMany: (keys: readonly Key[]) => Promise<readonly (Answer | Error)[]>,
): (key: Key) => Promise<Answer> {
  const held: Array<() => void> = [];
  let busy = false;
  let sendPending = false;

  /** Sends the oldest held batch on the next tick, unless one is out (it sends the next when it returns). */
  const sendNext = () => {
    if (busy || sendPending || held.length === 0) return;
    sendPending = true;
    process.nextTick(() => {
      sendPending = false;
      // DataLoader calls the batch function from `send` (which marks it busy), unless nothing was left to look up.
      held.shift()?.();
      if (!busy) sendNext();
    });
  };

  const loader = new DataLoader<Key, Answer>(
    async (keys) => {
      busy = true;
      try {
        return await loadMany(keys);
      } finally {
        busy = false;
        sendNext();
      }
    },
    {
      cache: false,
      maxBatchSize: MAX_BATCH,
      batchScheduleFn: (send) => {
        held.push(send);
        sendNext();
      },
    },
  );
  return (key) => loader.load(key);
}
