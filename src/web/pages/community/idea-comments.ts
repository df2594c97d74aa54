import type { IdeaComment } from '../../../modules/idea-comments/idea-comments.schemas.ts';
import type { CommentThread } from '../../../modules/idea-comments/idea-comments.service.ts';
import type { Idea } from '../../../modules/ideas/ideas.schemas.ts';
import { dateTime } from '../../components/labels.ts';
import { formErrorSummary } from '../../forms.ts';
import { type Html, html } from '../../html.ts';

/** Comments shown under each idea card: the latest, so a long thread cannot swamp the page of ideas. */
export const COMMENTS_SHOWN = 20;
const COMMENT_MAX = 2000;

function who(comment: IdeaComment): Html {
  const role =
    comment.author.role === 'company' ? ' (the company)' : comment.author.is_idea_author ? " (the idea's author)" : '';
  return html`<strong>${comment.author.name}</strong>${role}`;
}

/**
 * An idea's comment thread on its card, folded under "Comments (n)", with the form to add one (anyone who reads the
 * idea may: API rule). Posting comes back to the same list with this thread open (`open`), so the writer sees the
 * comment in place.
 */
export function commentThread(idea: Pick<Idea, 'id' | 'title'>, thread: CommentThread, back: string, open: boolean) {
  const earlier = thread.length - thread.comments.length;
  return html`<details class="comments" id="comments-${idea.id}"${open ? html` open` : ''}>
  <summary>Comments (${thread.length})</summary>
  ${earlier > 0 && html`<p class="small muted">${earlier} earlier ${earlier === 1 ? 'comment is' : 'comments are'} not shown here; the latest ${thread.comments.length} follow.</p>`}
  ${
    thread.comments.length === 0
      ? html`<p class="small muted">No comments yet.</p>`
      : html`<ol class="plain stack thread">${thread.comments.map(
          (comment) => html`<li><p class="small">${who(comment)} · ${dateTime(comment.created_at)}</p>
      <p class="prose">${comment.body}</p></li>`,
        )}</ol>`
  }
  <form data-api="/api/ideas/${idea.id}/comments" data-method="POST" data-redirect="${back}" aria-label="Comment on ${idea.title}">
    ${formErrorSummary(null)}
    <div class="field">
      <label for="comment-${idea.id}">Add a comment</label>
      <textarea id="comment-${idea.id}" name="body" rows="3" maxlength="${COMMENT_MAX}" required aria-describedby="comment-${idea.id}-error"></textarea>
      <p class="error" id="comment-${idea.id}-error" data-error-for="body" role="alert"></p>
    </div>
    <button type="submit" class="secondary">Post the comment</button>
  </form>
</details>`;
}
