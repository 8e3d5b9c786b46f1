// A table of sources (campaigns, publishers, lists) with a total below, scrolling inside its area with its head in
// view. Every column sorts (a click on its head, again to turn the order; figures largest first, names A to Z) and
// says its order to a screen reader (aria-sort). A row's name may be a button (the page shows that source's
// charts and dispositions), pressed while it is the one shown.
import { HTMLTable } from "@blueprintjs/core";
import { useMemo, useState, type ReactNode } from "react";

export interface Column<L> {
  key: string;
  label: string;
  /** What the column sorts by; null sorts last. */
  value: (line: L) => number | null;
  /** The figure as shown. */
  cell: (line: L) => string;
  /** Said on hover (a figure no one can know, and why). */
  title?: string;
}

export interface SortTableProps<L> {
  labelledBy: string;
  nameHead: string;
  lines: readonly L[];
  keyOf: (line: L) => string;
  nameOf: (line: L) => string;
  /** After the name, muted (a disabled campaign). */
  noteOf?: (line: L) => string | null;
  columns: readonly Column<L>[];
  total?: { name: string; line: L };
  /** The row whose name is pressed; none: names are plain text. */
  selected?: string | null;
  onSelect?: (key: string | null) => void;
}

export default function SortTable<L>(props: SortTableProps<L>) {
  const { lines, columns, keyOf, nameOf, total, selected, onSelect } = props;
  const [sort, setSort] = useState<{ key: string; descending: boolean }>({ key: "name", descending: false });

  const sorted = useMemo(() => {
    const column = columns.find((c) => c.key === sort.key);
    return [...lines].sort((a, b) => {
      let order: number;
      if (!column) order = nameOf(a).localeCompare(nameOf(b));
      else {
        const x = column.value(a);
        const y = column.value(b);
        // Unknown figures last, whichever the order.
        if (x === null || y === null) {
          if (x !== y) return x === null ? 1 : -1;
          order = 0;
        } else order = x - y;
      }
      return (sort.descending ? -order : order) || nameOf(a).localeCompare(nameOf(b));
    });
  }, [lines, columns, sort, nameOf]);

  const head = (key: string, label: string, title?: string): ReactNode => {
    const on = sort.key === key;
    return (
      <th
        key={key}
        scope="col"
        title={title}
        className={key === "name" ? undefined : "reports__number"}
        aria-sort={on ? (sort.descending ? "descending" : "ascending") : "none"}
      >
        <button
          type="button"
          className="reports__sort"
          onClick={() => setSort({ key, descending: on ? !sort.descending : key !== "name" })}
        >
          {label}
          <span aria-hidden="true" className="reports__sort-mark">
            {on ? (sort.descending ? "▼" : "▲") : ""}
          </span>
        </button>
      </th>
    );
  };

  const name = (line: L) => {
    const note = props.noteOf?.(line);
    const text = (
      <>
        {nameOf(line)}
        {note && <span className="reports__muted"> {note}</span>}
      </>
    );
    if (!onSelect) return text;
    const key = keyOf(line);
    const on = selected === key;
    return (
      <button
        type="button"
        className="campaigns__pick"
        aria-pressed={on}
        onClick={() => onSelect(on ? null : key)}
      >
        {text}
      </button>
    );
  };

  return (
    <div className="reports__scroll">
      <HTMLTable compact striped className="reports__table" aria-labelledby={props.labelledBy}>
        <thead>
          <tr>
            {head("name", props.nameHead)}
            {columns.map((c) => head(c.key, c.label, c.title))}
          </tr>
        </thead>
        <tbody>
          {sorted.map((l) => (
            <tr key={keyOf(l)} className={selected === keyOf(l) ? "campaigns__row--picked" : undefined}>
              <th scope="row">{name(l)}</th>
              {columns.map((c) => (
                <td key={c.key} className="reports__number" title={c.title}>
                  {c.cell(l)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        {total && (
          <tfoot>
            <tr>
              <th scope="row">{total.name}</th>
              {columns.map((c) => (
                <td key={c.key} className="reports__number" title={c.title}>
                  {c.cell(total.line)}
                </td>
              ))}
            </tr>
          </tfoot>
        )}
      </HTMLTable>
    </div>
  );
}
