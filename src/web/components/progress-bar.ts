import { type Html, html } from '../html.ts';

/** How far the work of a challenge has come, counted over its tasks. */
export type TaskProgress = {
  readonly total: number;
  /** Someone accepted the task, and has not started yet. */
  readonly staffed: number;
  readonly in_progress: number;
  readonly completed: number;
};

/** Counts a challenge's tasks by where they are; a task still looking for people counts only in `total`. */
export function taskProgressOf(tasks: readonly { status: string }[]): TaskProgress {
  const count = (status: string) => tasks.filter((task) => task.status === status).length;
  return {
    total: tasks.length,
    staffed: count('assigned'),
    in_progress: count('in_progress'),
    completed: count('completed'),
  };
}

/** The progress in words: the text the bar stands for, read by everyone (the bar itself is hidden from readers). */
function progressText(progress: TaskProgress): string {
  if (progress.total === 0) return 'No tasks yet';
  const open = progress.total - progress.staffed - progress.in_progress - progress.completed;
  return `${progress.completed} of ${progress.total} task${progress.total === 1 ? '' : 's'} done, ${progress.in_progress} in progress, ${progress.staffed} staffed, ${open} still to staff`;
}

/**
 * A stacked bar (done, in progress, staffed, to staff) drawn as inline SVG: its widths are attributes, which the
 * Content-Security-Policy allows where inline styles are not, and it needs no external asset. The bar is decoration
 * beside its caption, which says the same in words.
 */
export function progressBar(progress: TaskProgress, options: { compact?: boolean } = {}): Html {
  const share = (count: number) => (progress.total === 0 ? 0 : (count / progress.total) * 100);
  const segments: Array<[string, number]> = [
    ['done', share(progress.completed)],
    ['doing', share(progress.in_progress)],
    ['staffed', share(progress.staffed)],
  ];
  let x = 0;
  const rects = segments.map(([kind, width]) => {
    const rect = html`<rect class="${kind}" x="${x.toFixed(2)}" width="${width.toFixed(2)}" height="10"></rect>`;
    x += width;
    return rect;
  });
  return html`<figure class="progress${options.compact ? ' compact' : ''}">
  <svg class="bar" viewBox="0 0 100 10" preserveAspectRatio="none" aria-hidden="true" focusable="false"><rect class="open" width="100" height="10"></rect>${rects}</svg>
  <figcaption>${progressText(progress)}</figcaption>
</figure>`;
}
