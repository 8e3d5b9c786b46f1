// Which columns of a table fit its panel (issue 13: tables fit their panels). Every column of the specification
// is shown when there is room; as the panel narrows the least important go first; the essential ones (who,
// when, and the row's actions) always stay, and only when even they do not fit does the table scroll. Pure.

export interface ColumnFit<Id extends string = string> {
  id: Id;
  /** 0: always shown. Then 1, 2… : the higher the number, the sooner it is hidden. */
  priority: number;
  /** The room it needs to be read, in CSS pixels (its header and a typical value, with the cell's padding). */
  minWidth: number;
  /** Shares the room left and cuts its text with an ellipsis; otherwise as wide as its content. */
  grow?: boolean;
  /**
   * One of a few known words (a status, a type), which must be read whole: shares the room left like a growing
   * column, but wraps at its spaces instead of being cut, and is never narrower than its longest word (give it
   * a minWidth from {@link wordsWidth}, so that it is hidden rather than pushing the table wider).
   */
  words?: boolean;
  /** A growing or words column's share of the room left (see {@link textWeight}); its minWidth when not given. */
  weight?: number;
}

/**
 * The columns to show in `width` pixels, in the table's own order: the essential ones, then the others by
 * priority while they fit. One that does not fit hides every less important one too, so narrowing the panel
 * never hides a column while keeping a less important one. `null` (not measured yet): all of them.
 */
export function columnsFor<C extends ColumnFit>(columns: readonly C[], width: number | null): C[] {
  if (width === null) return [...columns];
  const essential = columns.filter((c) => c.priority === 0);
  let used = essential.reduce((sum, c) => sum + c.minWidth, 0);
  const shown = new Set<C>(essential);
  const optional = columns.filter((c) => c.priority > 0).sort((a, b) => a.priority - b.priority);
  for (const c of optional) {
    if (used + c.minWidth > width) break;
    used += c.minWidth;
    shown.add(c);
  }
  return columns.filter((c) => shown.has(c));
}

/** A text column's share of the room left: its longest text, in characters, within reason. */
export function textWeight(texts: Iterable<string | null | undefined>): number {
  let longest = 0;
  for (const text of texts) longest = Math.max(longest, text?.length ?? 0);
  return Math.min(Math.max(longest, 6), 40);
}

/** About one letter of the tables' 14-px text, in CSS pixels: a generous average, so a word is never short of room. */
const LETTER = 8;
/** A cell's padding, left and right (user-summary.css). */
const PADDING = 10;

/**
 * The room a words column needs: its longest word (its texts wrap at their spaces, never within a word), with the
 * cell's padding, and never less than `least` (its header and a typical value).
 */
export function wordsWidth(texts: Iterable<string | null | undefined>, least: number): number {
  let longest = 0;
  for (const text of texts)
    for (const word of text?.split(/\s+/) ?? []) longest = Math.max(longest, word.length);
  return Math.max(least, longest * LETTER + PADDING);
}
