// The strip on top of the wall: agents by status, calls in progress, overstays, the longest inbound wait, and
// the day's contacts, bookings and abandon rate.
import { Tag } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { AGENT_STATUSES } from "../../src/contract/status";
import { clockText, type WallCounters } from "./wall";
import { statusIntent } from "./WallRow";

function Figure({ label, value, intent }: { label: string; value: string | number; intent?: "danger" | "warning" }) {
  return (
    <div className={`floor__counter${intent ? ` floor__counter--${intent}` : ""}`}>
      <span className="floor__counter-value">{value}</span>
      <span className="floor__counter-label">{label}</span>
    </div>
  );
}

export function Counters({ counters: c }: { counters: WallCounters }) {
  const { t, i18n } = useTranslation("floor");
  const percent = new Intl.NumberFormat(i18n.language, { style: "percent", maximumFractionDigits: 1 });
  return (
    <section className="floor__counters" aria-label={t("counters.label")}>
      <Figure label={t("counters.signed_in")} value={c.signedIn} />
      <Figure label={t("counters.calls")} value={c.callsInProgress} />
      <Figure label={t("counters.overstaying")} value={c.overstaying} intent={c.overstaying > 0 ? "danger" : undefined} />
      <Figure
        label={t("counters.longest_wait")}
        value={c.longestWait === null ? "—" : clockText(c.longestWait)}
        intent={c.longestWait !== null && c.longestWait >= 60 ? "warning" : undefined}
      />
      <Figure label={t("counters.contacts")} value={c.contacts} />
      <Figure label={t("counters.bookings")} value={c.bookings} />
      <Figure label={t("counters.abandon_rate")} value={c.abandonRate === null ? "—" : percent.format(c.abandonRate)} />
      <ul className="floor__by-status" aria-label={t("counters.by_status")}>
        {AGENT_STATUSES.filter((s) => (c.byStatus[s] ?? 0) > 0).map((s) => (
          <li key={s}>
            <Tag minimal intent={statusIntent(s)}>
              {t(`status.names.${s}`, { ns: "core" })} {c.byStatus[s]}
            </Tag>
          </li>
        ))}
      </ul>
    </section>
  );
}
