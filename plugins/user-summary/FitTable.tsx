// A table that fits its panel: it measures the width the panel gives it, shows the columns that fit (see
// columns.ts), lets the text columns share the room left (by how long their texts are) and cut their text (a
// status or a type wraps at its spaces instead: it is read whole), and scrolls sideways only when even the
// essential columns do not fit — then the scrolling box is focusable and named, so a keyboard user can scroll it.
import { HTMLTable } from "@blueprintjs/core";
import { useCallback, type ReactNode } from "react";
import { columnsFor, type ColumnFit } from "./columns";
import { useElementWidth, useOverflowing } from "./measure";

export interface Column<Id extends string> extends ColumnFit<Id> {
  header: string;
}

const cellClass = (c: ColumnFit) =>
  c.words ? "user-summary__words" : c.grow ? "user-summary__grow" : "user-summary__fit";
/** Growing and words columns share the room left. */
const shares = (c: ColumnFit) => c.grow || c.words;

interface Props<Id extends string> {
  label: string;
  columns: readonly Column<Id>[];
  /** The body's rows, for the columns shown (see {@link Cells}). */
  children: (shown: readonly Column<Id>[]) => ReactNode;
}

export function FitTable<Id extends string>({ label, columns, children }: Props<Id>) {
  const [measure, width] = useElementWidth<HTMLDivElement>();
  const shown = columnsFor(columns, width);
  const [watch, scrolls] = useOverflowing<HTMLDivElement>([shown.map((c) => c.id).join()]);
  const box = useCallback(
    (el: HTMLDivElement | null) => {
      measure(el);
      watch(el);
    },
    [measure, watch],
  );
  const weight = (c: ColumnFit) => c.weight ?? c.minWidth;
  const growing = shown.filter(shares).reduce((sum, c) => sum + weight(c), 0);
  return (
    <div
      ref={box}
      className="user-summary__fit-box"
      {...(scrolls ? { tabIndex: 0, role: "region", "aria-label": label } : {})}
    >
      <HTMLTable compact striped className="user-summary__table" aria-label={label}>
        <thead>
          <tr>
            {shown.map((c) => (
              <th
                key={c.id}
                scope="col"
                className={cellClass(c)}
                style={shares(c) ? { width: `${Math.round((weight(c) / growing) * 100)}%` } : undefined}
              >
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children(shown)}</tbody>
      </HTMLTable>
    </div>
  );
}

/** One row's cells for the columns shown. */
export function Cells<Id extends string>({
  shown,
  cells,
}: {
  shown: readonly Column<Id>[];
  cells: Record<Id, ReactNode>;
}) {
  return (
    <>
      {shown.map((c) => (
        <td key={c.id} className={cellClass(c)}>
          {cells[c.id]}
        </td>
      ))}
    </>
  );
}
