// One call beside the search: the call, its lead, its recordings with a player each (the audio is read with the
// manager's session from the recordings plugin's GET /recordings/{id}/audio, then played from memory), the carrier
// disclosures given on it and their audio played, and the agent's status changes around it.
import { Button, Callout, H2, H3, HTMLTable, Spinner } from "@blueprintjs/core";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { usePlugin } from "../../../src/sdk";
import { carrierCompany } from "../../disclosures/api";
import { recordingAudioPath } from "../../recordings/api";
import type { CallDetail } from "./contract";
import { useCallWords } from "./words";

type Recording = CallDetail["recordings"][number];

function RecordingEntry({ r, seconds }: { r: Recording; seconds: (s: number) => string }) {
  const { ctx } = usePlugin();
  const { t } = useTranslation("reports");
  const [url, setUrl] = useState<string | null>(null);
  const [state, setState] = useState<"idle" | "loading" | "failed">("idle");
  useEffect(() => () => void (url && URL.revokeObjectURL(url)), [url]);
  const label = t("calls.detail.recording", { index: r.index });
  const playable = r.state === "complete" || r.state === "incomplete";
  const load = async () => {
    setState("loading");
    try {
      const { data } = await ctx.http.get<Blob>(recordingAudioPath(r.id), { responseType: "blob" });
      setUrl(URL.createObjectURL(data));
      setState("idle");
    } catch (e) {
      ctx.log(`recording ${r.id} could not be read`, e instanceof Error ? e.message : undefined);
      setState("failed");
    }
  };
  return (
    <li>
      {label} ·{" "}
      {r.seconds === null
        ? t(`calls.detail.states.${r.state}`, { defaultValue: r.state })
        : seconds(r.seconds)}
      {r.state === "incomplete" && <> · {t("calls.detail.states.incomplete")}</>}
      {playable && !url && (
        <Button
          size="small"
          variant="minimal"
          icon="play"
          loading={state === "loading"}
          aria-label={t("calls.detail.play_label", { index: r.index })}
          text={t("calls.detail.play")}
          onClick={() => void load()}
        />
      )}
      {state === "failed" && <span className="reports__muted"> · {t("calls.detail.play_failed")}</span>}
      {url && <audio className="calls__audio" src={url} controls autoPlay aria-label={label} />}
    </li>
  );
}

export default function CallDetailPane({
  detail,
  state,
  onClose,
}: {
  detail: CallDetail | null;
  state: "loading" | "ready" | "failed";
  onClose: () => void;
}) {
  const { t } = useTranslation("reports");
  const w = useCallWords(detail?.time_zone ?? "UTC");
  const status = (s: string | null) => (s === null ? "–" : t(`calls.statuses.${s}`, { defaultValue: s }));
  if (state === "loading" || !detail)
    return (
      <aside className="calls__detail" aria-busy={state === "loading"} aria-label={t("calls.detail.loading")}>
        {state === "failed" ? (
          <Callout intent="danger" compact>
            {t("calls.detail.failed")}
          </Callout>
        ) : (
          <Spinner size={20} />
        )}
      </aside>
    );
  const { call, lead } = detail;
  const facts: [string, string][] = [
    [t("calls.detail.started"), w.time(call.started_at)],
    [t("calls.detail.ended"), call.ended_at ? w.time(call.ended_at) : t("calls.detail.not_ended")],
    [t("calls.columns.agent"), call.agent.name],
    [t("calls.columns.number"), w.number(call.number)],
    [t("calls.columns.direction"), w.direction(call)],
    [t("calls.columns.campaign"), call.campaign?.name ?? "–"],
    [t("calls.columns.duration"), w.duration(call.duration)],
    [t("calls.columns.disposition"), w.disposition(call.disposition)],
    [t("calls.columns.amd"), w.amd(call.amd)],
    [t("calls.columns.transfer"), call.live_transfer ? t("calls.yes_no.yes") : t("calls.yes_no.no")],
  ];
  const facts2 = (list: [string, string][]) => (
    <dl className="calls__facts">
      {list.map(([k, v]) => (
        <div key={k}>
          <dt>{k}</dt>
          <dd>{v}</dd>
        </div>
      ))}
    </dl>
  );
  return (
    <aside className="calls__detail" aria-labelledby="calls-detail-title">
      <div className="calls__detail-head">
        <H2 id="calls-detail-title">{t("calls.detail.title", { id: call.id })}</H2>
        <Button
          size="small"
          variant="minimal"
          icon="cross"
          aria-label={t("calls.detail.close")}
          onClick={onClose}
        />
      </div>
      <section aria-labelledby="calls-detail-call">
        <H3 id="calls-detail-call">{t("calls.detail.summary")}</H3>
        {facts2(facts)}
      </section>
      <section aria-labelledby="calls-detail-lead">
        <H3 id="calls-detail-lead">{t("calls.detail.lead")}</H3>
        {lead ? (
          facts2([
            [t("calls.detail.name"), lead.name],
            [t("calls.detail.phone"), w.number(lead.phone)],
            [t("calls.detail.status"), w.disposition(lead.status)],
            [t("calls.columns.campaign"), lead.campaign?.name ?? "–"],
            [t("calls.detail.marketing_id"), lead.marketing_id],
          ])
        ) : (
          <p className="reports__muted">{t("calls.detail.no_lead")}</p>
        )}
      </section>
      <section aria-labelledby="calls-detail-recordings">
        <H3 id="calls-detail-recordings">{t("calls.detail.recordings")}</H3>
        {detail.recordings.length === 0 ? (
          <p className="reports__muted">{t("calls.detail.no_recordings")}</p>
        ) : (
          <ul className="calls__list">
            {detail.recordings.map((r) => (
              <RecordingEntry key={r.id} r={r} seconds={w.seconds} />
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="calls-detail-disclosures">
        <H3 id="calls-detail-disclosures">{t("calls.detail.disclosures")}</H3>
        {detail.disclosures.length === 0 ? (
          <p className="reports__muted">{t("calls.detail.no_disclosures")}</p>
        ) : (
          <ul className="calls__list">
            {detail.disclosures.map((d, i) => (
              <li key={i}>
                <strong>{carrierCompany(d.carrier)}</strong> · {w.time(d.at)} ·{" "}
                {d.completed ? t("calls.detail.completed") : t("calls.detail.stopped")} ·{" "}
                {t("calls.detail.wording", {
                  wording: d.wording.toUpperCase(),
                  language: d.language.toUpperCase(),
                })}
                <ol className="calls__steps">
                  {d.steps.map((s) => (
                    <li key={s.step}>
                      {s.text}
                      {s.answer !== null && (
                        <span className="reports__muted">
                          {" "}
                          — {t("calls.detail.answer", { answer: s.answer })}
                        </span>
                      )}
                    </li>
                  ))}
                </ol>
              </li>
            ))}
          </ul>
        )}
        {detail.playbacks.length > 0 && (
          <>
            <p className="calls__subhead">{t("calls.detail.playbacks")}</p>
            <ul className="calls__list">
              {detail.playbacks.map((p, i) => (
                <li key={i}>
                  {p.media.replace(/^disclosures\//, "")} · {w.time(p.at)} · {w.seconds(p.seconds)} ·{" "}
                  {t(`calls.detail.ends.${p.end}`, { defaultValue: p.end })}
                </li>
              ))}
            </ul>
          </>
        )}
      </section>
      <section aria-labelledby="calls-detail-trail">
        <H3 id="calls-detail-trail">{t("calls.detail.trail")}</H3>
        {detail.status_trail.length === 0 ? (
          <p className="reports__muted">{t("calls.detail.no_trail")}</p>
        ) : (
          <HTMLTable compact className="calls__trail" aria-labelledby="calls-detail-trail">
            <thead>
              <tr>
                {(["at", "from", "to", "by"] as const).map((c) => (
                  <th key={c} scope="col">
                    {t(`calls.detail.trail_columns.${c}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {detail.status_trail.map((s, i) => (
                <tr key={i}>
                  <td className="calls__nowrap">{w.time(s.at)}</td>
                  <td>{status(s.from)}</td>
                  <td>{status(s.to)}</td>
                  <td>{t(`calls.detail.sources.${s.source}`, { defaultValue: s.source })}</td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        )}
      </section>
    </aside>
  );
}
