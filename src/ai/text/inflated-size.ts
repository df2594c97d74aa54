import zlib from 'node:zlib';

/**
 * How many bytes raw deflate data inflates to, counted as it inflates and thrown away: the memory used is one
 * chunk, whatever the data holds. Stops as soon as the count passes `allowance` and answers Infinity. A stream cut
 * short counts as far as it goes (as the parsers' inflaters read it); data that is not deflate rejects.
 */
export function inflatedSize(compressed: Uint8Array, allowance: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const inflater = zlib.createInflateRaw({ finishFlush: zlib.constants.Z_SYNC_FLUSH, chunkSize: 64 * 1024 });
    let size = 0;
    inflater.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= allowance) return;
      inflater.destroy();
      resolve(Number.POSITIVE_INFINITY);
    });
    inflater.on('end', () => resolve(size));
    inflater.on('error', reject);
    inflater.end(compressed);
  });
}
