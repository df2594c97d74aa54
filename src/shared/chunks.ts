/** The items in lists of at most `size`, in order: a long `IN (…)` list sent as several queries within the drivers' limits. */
export function chunks<T>(items: readonly T[], size: number): T[][] {
  const result: T[][] = [];
  for (let i = 0; i < items.length; i += size) result.push(items.slice(i, i + size));
  return result;
}
