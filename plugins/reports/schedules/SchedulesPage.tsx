// Scheduled e-mails (issue 37, part 6; managers and above): the call centre's reports sent as CSV by e-mail, daily or
// weekly at an hour of the call centre — each with its report, range, when, addresses, next e-mail, last sent and
// why the last try failed; New and Edit in a dialog, Delete after a confirmation, Send now. One screen at 1366×768:
// the table scrolls in its own area.
import { Alert, Button, H1, HTMLTable, Tag } from "@blueprintjs/core";
import { useCallback, useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { usePlugin } from "../../../src/sdk";
import { ListState, SaidCallout, type Said } from "../PageState";
import "../reports.css";
import { schedulesClient } from "./client";
import type { ReportSchedule, Schedules } from "./contract";
import { ScheduleDialog } from "./ScheduleDialog";
import "./schedules.css";
import { useScheduleWords } from "./words";

type Open =
  | { kind: "new" }
  | { kind: "edit"; schedule: ReportSchedule }
  | { kind: "delete"; schedule: ReportSchedule }
  | null;

export default function SchedulesPage() {
  const { ctx } = usePlugin();
  const { t } = useTranslation("reports");
  const words = useScheduleWords();
  const client = useMemo(() => schedulesClient(ctx), [ctx]);
  const [list, setList] = useState<Schedules | null>(null);
  const [failed, setFailed] = useState(false);
  const [open, setOpen] = useState<Open>(null);
  const [said, setSaid] = useState<Said | null>(null);
  const [sending, setSending] = useState<number | null>(null);

  const load = useCallback(async () => {
    const r = await client.list();
    setFailed(!r.ok);
    if (r.ok) setList(r.data);
  }, [client]);
  useEffect(() => void load(), [load]);

  const failure = (s: ReportSchedule) => {
    const e = s.last_error;
    if (!e) return null;
    const reason = t(`schedules.failures.${e.kind}`, { detail: e.detail ?? "" });
    if (e.given_up) return t("schedules.gave_up", { count: e.attempts, reason });
    if (e.attempts > 0) return t("schedules.retrying", { count: e.attempts, reason });
    return t("schedules.failed", { reason });
  };

  const sendNow = async (s: ReportSchedule) => {
    setSending(s.id);
    const r = await client.sendNow(s.id);
    setSending(null);
    if (!r.ok) return setSaid({ text: t("schedules.failed_request"), danger: true });
    const sent = r.data;
    setSaid(
      sent.sent
        ? { text: t("schedules.sent", { name: s.name }) }
        : { text: t("schedules.not_sent", { name: s.name, reason: failure(sent.data) ?? "" }), danger: true },
    );
    await load();
  };

  const remove = async (s: ReportSchedule) => {
    setOpen(null);
    const r = await client.remove(s.id);
    setSaid(
      r.ok || r.status === 404
        ? { text: t("schedules.deleted", { name: s.name }) }
        : { text: t("schedules.failed_request"), danger: true },
    );
    await load();
  };

  const zone = list?.time_zone ?? "";
  return (
    <main className="isi-page reports schedules" aria-labelledby="schedules-title">
      <header className="reports__head">
        <H1 id="schedules-title">{t("schedules.title")}</H1>
        {list && <p className="reports__muted">{t("schedules.intro", { zone })}</p>}
        <Button
          className="schedules__new"
          icon="add"
          intent="primary"
          text={t("schedules.new")}
          disabled={!list}
          onClick={() => setOpen({ kind: "new" })}
        />
      </header>
      <SaidCallout said={said} />
      <ListState
        items={list ? list.data : null}
        failed={failed}
        failedTitle={t("schedules.load_failed")}
        onRetry={() => void load()}
        none={t("schedules.none")}
      >
        {(schedules) => (
          <div className="reports__scroll">
            <HTMLTable
              compact
              striped
              className="reports__table schedules__table"
              aria-labelledby="schedules-title"
            >
              <thead>
                <tr>
                  {(
                    ["name", "report", "range", "when", "recipients", "next", "last", "actions"] as const
                  ).map((c) => (
                    <th key={c} scope="col">
                      {t(`schedules.columns.${c}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {schedules.map((s) => (
                  <tr key={s.id}>
                    <th scope="row">{s.name}</th>
                    <td>
                      {words.report(s.report)}
                      {s.by && <span className="reports__muted"> · {t(`schedules.periods.${s.by}`)}</span>}
                    </td>
                    <td>{words.range(s.range)}</td>
                    <td>{words.when(s)}</td>
                    <td title={s.recipients.join(", ")}>
                      <span className="schedules__recipients-cell">{s.recipients.join(", ")}</span>
                    </td>
                    <td>
                      {s.next_run_at ? (
                        words.moment(s.next_run_at, zone)
                      ) : (
                        <Tag minimal>{t("schedules.paused")}</Tag>
                      )}
                    </td>
                    <td>
                      {s.last_sent_at ? (
                        words.moment(s.last_sent_at, zone)
                      ) : (
                        <span className="reports__muted">{t("schedules.never")}</span>
                      )}
                      {s.last_error && <div className="schedules__error">{failure(s)}</div>}
                    </td>
                    <td className="schedules__actions">
                      <Button
                        size="small"
                        icon="send-message"
                        text={t("schedules.send_now")}
                        loading={sending === s.id}
                        onClick={() => void sendNow(s)}
                      />
                      <Button
                        size="small"
                        icon="edit"
                        text={t("schedules.edit")}
                        onClick={() => setOpen({ kind: "edit", schedule: s })}
                      />
                      <Button
                        size="small"
                        icon="trash"
                        intent="danger"
                        variant="minimal"
                        text={t("schedules.delete")}
                        onClick={() => setOpen({ kind: "delete", schedule: s })}
                      />
                    </td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          </div>
        )}
      </ListState>
      {list && (open?.kind === "new" || open?.kind === "edit") && (
        <ScheduleDialog
          client={client}
          schedule={open.kind === "edit" ? open.schedule : null}
          sendable={list.reports}
          timeZone={zone}
          onClose={() => setOpen(null)}
          onSaved={() => {
            setOpen(null);
            setSaid(null);
            void load();
          }}
        />
      )}
      <Alert
        isOpen={open?.kind === "delete"}
        intent="danger"
        icon="trash"
        confirmButtonText={t("schedules.delete")}
        cancelButtonText={t("schedules.cancel")}
        onCancel={() => setOpen(null)}
        onConfirm={() => open?.kind === "delete" && void remove(open.schedule)}
      >
        {open?.kind === "delete" && <p>{t("schedules.confirm_delete", { name: open.schedule.name })}</p>}
      </Alert>
    </main>
  );
}
