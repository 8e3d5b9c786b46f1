// A text box's suggestions as an ARIA 1.2 combobox with a list (the manual transfer's colleague, the lead a manager
// explains): arrows move through them, Enter or a click chooses, Escape closes, and the focus stays in the text box.
// The plugin keeps its own state (the matches, the active one, open or not); these are the list and its keys.
import { Classes } from "@blueprintjs/core";
import type { KeyboardEvent, ReactNode } from "react";

/** The id of the suggestion at `index` of the list `listId` (for the text box's aria-activedescendant). */
export const suggestionId = (listId: string, index: number) => `${listId}-${index}`;

export interface SuggestionKeys {
  /** How many suggestions there are. */
  count: number;
  /** The list is on screen. */
  shown: boolean;
  active: number;
  setActive(next: (active: number) => number): void;
  setOpen(open: boolean): void;
  choose(index: number): void;
}

/** The text box's keys: ↓/↑ open the list and move (wrapping), Enter chooses the active one, Escape closes. */
export function onSuggestionKey(e: KeyboardEvent<HTMLInputElement>, s: SuggestionKeys): void {
  if (e.key === "ArrowDown" || e.key === "ArrowUp") {
    if (s.count === 0) return;
    e.preventDefault();
    const step = e.key === "ArrowDown" ? 1 : -1;
    s.setOpen(true);
    s.setActive((i) => (i < 0 && step < 0 ? s.count - 1 : (i + step + s.count) % s.count));
  } else if (e.key === "Enter") {
    if (s.shown && s.active >= 0 && s.active < s.count) {
      e.preventDefault();
      s.choose(s.active);
    }
  } else if (e.key === "Escape" && s.shown) {
    e.preventDefault();
    s.setOpen(false);
  }
}

export function SuggestionList<T>(props: {
  id: string;
  label: string;
  items: readonly T[];
  active: number;
  keyOf(item: T): string | number;
  children(item: T): ReactNode;
  onActive(index: number): void;
  onChoose(item: T): void;
}) {
  const { id, label, items, active } = props;
  return (
    <ul role="listbox" id={id} aria-label={label} className={Classes.MENU}>
      {items.map((item, i) => (
        <li
          key={props.keyOf(item)}
          id={suggestionId(id, i)}
          role="option"
          aria-selected={i === active}
          className={`${Classes.MENU_ITEM}${i === active ? ` ${Classes.ACTIVE}` : ""}`}
          // Keeps the focus in the text box: the click chooses.
          onMouseDown={(e) => e.preventDefault()}
          onMouseEnter={() => props.onActive(i)}
          onClick={() => props.onChoose(item)}
        >
          <span className={Classes.TEXT_OVERFLOW_ELLIPSIS}>{props.children(item)}</span>
        </li>
      ))}
    </ul>
  );
}
