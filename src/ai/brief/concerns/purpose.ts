import type { Terms } from '../terms.ts';

/**
 * What a purpose is: an unlawful request read from several neighbouring sentences together (purposes.ts lists them,
 * composition.ts builds them from an act, whom it wrongs and what is hidden, purpose-reading.ts reads them).
 */
export type Clue = {
  /** Concepts that must meet in one sentence. */
  together: Terms[];
  /** A hit right after "not", "never", "without"… does not count: "it must not read personal messages". */
  asserted?: boolean;
  /** At most this many tokens from a hit of the first concept to a hit of the second: "copy … their photos". */
  within?: number;
  /**
   * The clue may be in any sentence of the brief, not only in the stretch: who a business serves or employs is said
   * once, where the brief sets the scene ("mostly retired people in their eighties"), and holds for what follows.
   */
  anywhere?: boolean;
};

export type Purpose = {
  /** The kind of problem as a noun phrase, for the list a model's prompt is given. */
  kind: string;
  /** Completes "read together, its sentences ask …": what the company reads. */
  reason: string;
  /** Every clue must be found, each in some sentence of one stretch of neighbouring sentences. */
  clues: Clue[];
  /** Words in the clues' sentences that show the work guards against the wrong (negation-aware). */
  unless: Terms;
  /**
   * What people are spared rather than kept from, said with a negation that does not turn it round: "members should
   * not notice any downtime".
   */
  spared?: Terms;
  /** Each clue in a sentence of its own: what the clues say is a wrong only when set against each other. */
  distinct?: boolean;
  /**
   * The request may be any sentence of the stretch, not only one that holds a clue: a wrong of several parts is
   * often described as the business's practice ("he keeps them until the end of the season") next to what is asked.
   */
  requestInStretch?: boolean;
};
