// What the reports' list pages (scheduled e-mails, operations managers) share: the outcome of the last action said
// above the list, and the list's own state (could not load, loading, empty, or the list).
import { Callout, Spinner } from "@blueprintjs/core";
import type { ReactNode } from "react";
import { LoadFailed } from "../../src/sdk";

/** What the page says after an action: done (green) or not (red). */
export interface Said {
  text: string;
  danger?: boolean;
}

export function SaidCallout({ said }: { said: Said | null }) {
  if (!said) return null;
  return (
    <Callout intent={said.danger ? "danger" : "success"} compact role="status" className="reports__refusal">
      {said.text}
    </Callout>
  );
}

/** A list as the gateway answered it: null until then (or when it could not, `failed`). */
export function ListState<T>({
  items,
  failed,
  failedTitle,
  onRetry,
  none,
  children,
}: {
  items: readonly T[] | null;
  failed: boolean;
  failedTitle: string;
  onRetry: () => void;
  /** Said when the list is empty. */
  none: string;
  children: (items: readonly T[]) => ReactNode;
}) {
  if (failed && !items) return <LoadFailed title={failedTitle} onRetry={onRetry} />;
  if (!items) return <Spinner size={24} />;
  if (items.length === 0) return <p className="reports__muted">{none}</p>;
  return <>{children(items)}</>;
}
