/** Plain-text tables for the terminal: left-aligned text, right-aligned numbers. */
export type Cell = string | number | null;

export function formatShare(value: number | null): string {
  return value === null ? '–' : value.toFixed(2);
}

export function table(headers: readonly string[], rows: readonly (readonly Cell[])[]): string {
  const text = rows.map((row) => row.map((cell) => (cell === null ? '–' : String(cell))));
  const widths = headers.map((header, column) => Math.max(header.length, ...text.map((row) => row[column]!.length)));
  const numeric = headers.map((_, column) => text.every((row) => /^(-?[\d.]+|–)$/.test(row[column]!)));
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, column) => (numeric[column] ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!)))
      .join('  ')
      .trimEnd();
  return [line(headers), line(widths.map((width) => '-'.repeat(width))), ...text.map(line)].join('\n');
}

export function heading(title: string): string {
  return `\n== ${title} ==`;
}
