// The instant-appointment offer's banner (booking-and-reference §3 IOA result): 0 not found (red), 1 found
// (yellow), 2 available (green), and -1 while the search runs (with a spinner). Polite: a screen reader hears each
// new result.
import { Callout, Spinner, type Intent } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import type { IoaResult } from "../contract/ioa";
import { BOOKING_NS } from "./texts";

export type { IoaResult };

const LOOK: Record<IoaResult, { intent: Intent; key: string }> = {
  [-1]: { intent: "primary", key: "widgets.ioa.searching" },
  0: { intent: "danger", key: "widgets.ioa.not_found" },
  1: { intent: "warning", key: "widgets.ioa.found" },
  2: { intent: "success", key: "widgets.ioa.available" },
};

export function IoaBanner({ result }: { result: IoaResult | null }) {
  const { t } = useTranslation(BOOKING_NS);
  const look = result === null ? null : LOOK[result];
  return (
    <div role="status" aria-live="polite" className="booking-ioa">
      {look && (
        <Callout
          intent={look.intent}
          compact
          icon={result === -1 ? <Spinner size={16} aria-hidden /> : undefined}
          data-result={result}
        >
          {t(look.key)}
        </Callout>
      )}
    </div>
  );
}
