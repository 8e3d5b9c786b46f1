import { Callout, HTMLTable, NonIdealState, Spinner } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { usePlugin } from "../../src/sdk";
import type { OverstaysApi } from "./api";
import type { OverstaysStore } from "./model";

const time = (iso: string | null, lang: string) => (iso ? new Date(iso).toLocaleTimeString(lang, { hour: "2-digit", minute: "2-digit" }) : "—");

const OverstaysPanel = observer(function OverstaysPanel() {
  const { store, api } = usePlugin<OverstaysStore, OverstaysApi>();
  const { t, i18n } = useTranslation("overstays");
  useEffect(() => void api.refresh(), [api]);

  if (store.state === "loading" || store.state === "idle") return <Spinner size={24} aria-label={t("loading")} />;
  if (store.state === "failed") return <Callout intent="danger" role="alert">{t("failed")}</Callout>;
  if (store.items.length === 0) return <NonIdealState icon="time" description={t("empty")} />;
  return (
    <HTMLTable compact striped className="overstays__table">
      <thead>
        <tr>
          <th scope="col">{t("columns.agent")}</th>
          <th scope="col">{t("columns.status")}</th>
          <th scope="col">{t("columns.limit")}</th>
          <th scope="col">{t("columns.since")}</th>
          <th scope="col">{t("columns.state")}</th>
        </tr>
      </thead>
      <tbody>
        {store.items.map((o) => (
          <tr key={o.id}>
            <td>
              {o.agent_name}
              {o.extension ? ` (${o.extension})` : ""}
            </td>
            <td>{t(`status.names.${o.status}`, { ns: "core" })}</td>
            <td>{t("minutes", { count: Math.round(o.limit / 60) })}</td>
            <td>{time(o.started_at, i18n.language)}</td>
            <td>{o.ended_at ? t("ended", { time: time(o.ended_at, i18n.language) }) : t("ongoing")}</td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
});
export default OverstaysPanel;
