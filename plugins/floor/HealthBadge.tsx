// An agent's client health on its row: a coloured tag (good, degraded, bad, or no recent report from a signed-in
// agent's page) that opens the detail: the latest figures and the last hour.
import { Button, Callout, Dialog, DialogBody, HTMLTable, Spinner, Tag, type Intent } from "@blueprintjs/core";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { usePlugin } from "../../src/sdk";
import type { HealthSample, HealthVerdict } from "../client-health/api";
import type { FloorApi } from "./api";
import type { FloorAgent } from "./contract";

/** Three reports missed: the page is closed, frozen or cut off. */
export const STALE_AFTER_MS = 30_000;

const INTENT: Record<HealthVerdict, Intent> = { good: "success", degraded: "warning", bad: "danger" };

export type HealthShown = HealthVerdict | "stale";

export function healthShown(sample: HealthSample | undefined, now: number): HealthShown | null {
  if (!sample) return null;
  return now - Date.parse(sample.at) > STALE_AFTER_MS ? "stale" : sample.verdict;
}

function Figures({ sample }: { sample: HealthSample }) {
  const { t } = useTranslation("floor");
  const r = sample.report;
  const rows: [string, string][] = [
    [t("health.figures.socket"), r.socket_connected ? t("health.socket_up", { count: r.socket_reconnects }) : t("health.socket_down")],
    [t("health.figures.sip"), r.sip === null ? "—" : t(`health.sip.${r.sip}`)],
    [t("health.figures.microphone"), r.microphone === null ? "—" : t(`health.microphone.${r.microphone}`)],
    [t("health.figures.page"), t(`health.page.${r.page}`)],
    [t("health.figures.lateness"), t("health.ms", { value: r.timer_lateness_ms })],
  ];
  if (r.call)
    rows.push(
      [t("health.figures.loss"), `${r.call.packet_loss_pct} %`],
      [t("health.figures.jitter"), t("health.ms", { value: r.call.jitter_ms })],
      [t("health.figures.rtt"), r.call.rtt_ms === null ? "—" : t("health.ms", { value: r.call.rtt_ms })],
      [t("health.figures.mos"), r.call.mos.toFixed(1)],
    );
  return (
    <HTMLTable compact className="floor__health-figures">
      <tbody>
        {rows.map(([k, v]) => (
          <tr key={k}>
            <th scope="row">{k}</th>
            <td>{v}</td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}

function HealthDialog({ agent, onClose }: { agent: FloorAgent; onClose: () => void }) {
  const { api } = usePlugin<unknown, FloorApi>();
  const { t, i18n } = useTranslation("floor");
  const [hour, setHour] = useState<HealthSample[] | null | "failed">(null);
  useEffect(() => {
    void api.healthHour(agent.agent_id).then((hour) => setHour(hour ?? "failed"));
  }, [api, agent.agent_id]);
  const time = (iso: string) => new Date(iso).toLocaleTimeString(i18n.language, { hour: "numeric", minute: "2-digit", second: "2-digit" });
  const samples = Array.isArray(hour) ? hour : [];
  const latest = samples.at(-1);
  return (
    <Dialog isOpen title={t("health.title", { name: agent.name })} onClose={onClose} className="floor__health-dialog">
      <DialogBody>
        {hour === null && <Spinner size={24} aria-label={t("health.loading")} />}
        {hour === "failed" && <Callout intent="danger">{t("health.failed")}</Callout>}
        {Array.isArray(hour) && !latest && <p>{t("health.none")}</p>}
        {latest && (
          <>
            <p>
              <Tag intent={INTENT[latest.verdict]}>{t(`health.verdict.${latest.verdict}`)}</Tag>{" "}
              {latest.reasons.map((r) => t(`health.reasons.${r}`)).join(" · ")}
            </p>
            <Figures sample={latest} />
            <h4 className="floor__health-hour">{t("health.hour")}</h4>
            <div className="floor__health-history">
              <HTMLTable compact striped aria-label={t("health.hour")}>
                <thead>
                  <tr>
                    <th scope="col">{t("health.columns.at")}</th>
                    <th scope="col">{t("health.columns.verdict")}</th>
                    <th scope="col">{t("health.figures.loss")}</th>
                    <th scope="col">{t("health.figures.jitter")}</th>
                    <th scope="col">{t("health.figures.mos")}</th>
                    <th scope="col">{t("health.figures.page")}</th>
                  </tr>
                </thead>
                <tbody>
                  {[...samples].reverse().map((s) => (
                    <tr key={s.at}>
                      <td>{time(s.at)}</td>
                      <td>{t(`health.verdict.${s.verdict}`)}</td>
                      <td>{s.report.call ? `${s.report.call.packet_loss_pct} %` : "—"}</td>
                      <td>{s.report.call ? t("health.ms", { value: s.report.call.jitter_ms }) : "—"}</td>
                      <td>{s.report.call ? s.report.call.mos.toFixed(1) : "—"}</td>
                      <td>{t(`health.page.${s.report.page}`)}</td>
                    </tr>
                  ))}
                </tbody>
              </HTMLTable>
            </div>
          </>
        )}
      </DialogBody>
    </Dialog>
  );
}

export function HealthBadge({ agent, sample, now }: { agent: FloorAgent; sample: HealthSample | undefined; now: number }) {
  const { t } = useTranslation("floor");
  const [open, setOpen] = useState(false);
  const shown = agent.status === "offline" ? null : healthShown(sample, now);
  if (!shown) return null;
  const reasons = shown !== "stale" && sample ? sample.reasons.map((r) => t(`health.reasons.${r}`)).join(", ") : "";
  return (
    <>
      <Button
        size="small"
        variant="minimal"
        intent={shown === "stale" ? "none" : INTENT[shown]}
        icon={shown === "good" ? "pulse" : "warning-sign"}
        className="floor__health"
        aria-label={t("health.open", { name: agent.name, verdict: t(`health.verdict.${shown}`) })}
        title={reasons || undefined}
        onClick={() => setOpen(true)}
      >
        {t(`health.verdict.${shown}`)}
      </Button>
      {open && <HealthDialog agent={agent} onClose={() => setOpen(false)} />}
    </>
  );
}
