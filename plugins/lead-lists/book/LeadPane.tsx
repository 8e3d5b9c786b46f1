// One lead beside the search's table, its own area scrolling: the lead's card as the workspace works it (GET
// /leads/{id}) with its owner and list from the search, the Edit form (the core's PUT /leads/{id}, audited for a
// manager), Reassign, Mark Do Not Call, and its history (GET /leads/{id}/history: calls with what plugins kept
// with them, and dispositions).
import { Button, Callout, H2, Spinner, Tag } from "@blueprintjs/core";
import { useCallback, useEffect, useId, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { parsePhoneOther, type WireLead } from "../../../src/contract/lead";
import type { LeadHistory } from "../../../src/contract/leadHistory";
import { formatUtc, LoadFailed, usePlugin } from "../../../src/sdk";
import { refusalOf, type BookClient } from "./client";
import type { BookLead } from "./contract";
import DncDialog from "./DncDialog";
import EditLead from "./EditLead";
import LeadTimeline from "./LeadTimeline";
import ReassignLead from "./ReassignLead";
import { formatPhone, statusText } from "./words";

export type Loaded<T> =
  { state: "loading" } | { state: "failed"; message: string | null } | { state: "ready"; value: T };

const DNC = "Do Not Call";

export default function LeadPane({
  row,
  client,
  onClose,
  onChanged,
}: {
  row: BookLead;
  client: BookClient;
  onClose(): void;
  onChanged(patch: Partial<BookLead>): void;
}) {
  const { ctx } = usePlugin();
  const { t, i18n } = useTranslation("lead-lists");
  const titleId = useId();
  const [lead, setLead] = useState<Loaded<WireLead>>({ state: "loading" });
  const [history, setHistory] = useState<Loaded<LeadHistory>>({ state: "loading" });
  const [editing, setEditing] = useState(false);
  const [asking, setAsking] = useState(false);

  const loadLead = useCallback(async () => {
    const r = await client.lead(row.id);
    if (r.ok) setLead({ state: "ready", value: r.data.data });
    else setLead({ state: "failed", message: refusalOf(t, ctx.language, r).message });
  }, [client, ctx, row.id, t]);
  const loadHistory = useCallback(async () => {
    const r = await client.history(row.id);
    if (r.ok) setHistory({ state: "ready", value: r.data.data });
    else setHistory({ state: "failed", message: refusalOf(t, ctx.language, r).message });
  }, [client, ctx, row.id, t]);
  useEffect(() => {
    void loadLead();
    void loadHistory();
  }, [loadLead, loadHistory]);

  const status = lead.state === "ready" ? lead.value.status : row.status;
  const name = row.name || t("book.lead.unnamed");

  return (
    <aside className="lead-book__part lead-book__pane" aria-labelledby={titleId}>
      <header className="lead-book__pane-head">
        <H2 id={titleId} className="lead-book__pane-title" title={name}>
          {name}
        </H2>
        <Tag minimal intent={status === DNC ? "danger" : "primary"}>
          {statusText(t, status)}
        </Tag>
        <Button
          className="lead-book__close"
          variant="minimal"
          icon="cross"
          aria-label={t("book.lead.close")}
          onClick={onClose}
        />
      </header>
      <div className="lead-book__pane-body">
        {lead.state === "loading" ? (
          <Spinner size={24} aria-label={t("book.lead.loading")} />
        ) : lead.state === "failed" ? (
          <LoadFailed title={t("book.lead.failed")} message={lead.message} onRetry={() => void loadLead()} />
        ) : editing ? (
          <EditLead
            lead={lead.value}
            client={client}
            onCancel={() => setEditing(false)}
            onSaved={async () => {
              setEditing(false);
              const r = await client.lead(row.id);
              if (!r.ok) return;
              setLead({ state: "ready", value: r.data.data });
              onChanged({ name: `${r.data.data.first_name} ${r.data.data.last_name}`.trim() });
            }}
          />
        ) : (
          <>
            <div className="lead-book__pane-actions">
              <Button icon="edit" text={t("book.lead.edit")} onClick={() => setEditing(true)} />
              <Button
                icon="disable"
                intent="danger"
                text={t("book.lead.dnc")}
                disabled={status === DNC}
                onClick={() => setAsking(true)}
              />
            </div>
            {status === DNC && (
              <Callout intent="danger" compact icon="disable">
                {t("book.lead.is_dnc")}
              </Callout>
            )}
            <LeadFacts lead={lead.value} row={row} language={i18n.language} />
          </>
        )}
        <ReassignLead
          row={row}
          client={client}
          onReassigned={(owner_id, owner) => onChanged({ owner_id, owner })}
        />
        <LeadTimeline history={history} onRetry={() => void loadHistory()} />
      </div>
      {asking && (
        <DncDialog
          leadId={row.id}
          name={name}
          client={client}
          onClose={() => setAsking(false)}
          onDone={() => {
            setAsking(false);
            onChanged({ status: DNC });
            void loadLead();
            void loadHistory();
          }}
        />
      )}
    </aside>
  );
}

/** The lead's card: who, how to reach, where, and where it stands. */
function LeadFacts({ lead, row, language }: { lead: WireLead; row: BookLead; language: string }) {
  const { t } = useTranslation("lead-lists");
  const others = parsePhoneOther(lead.phone_other) ?? [];
  const a = lead.address;
  const street = [a.street, a.apartment].filter(Boolean).join(", ");
  const place = [a.city, [a.state?.toUpperCase(), a.zip].filter(Boolean).join(" ")]
    .filter(Boolean)
    .join(", ");
  const none = <span className="lead-book__muted">—</span>;
  const text = (v: string | null | undefined) => (v ? v : none);
  const facts: [string, ReactNode][] = [
    ["name", `${lead.first_name} ${lead.last_name}`.trim() || none],
    ["phone", formatPhone(lead.phone)],
    ["other_phones", others.length ? others.map(formatPhone).join(", ") : none],
    ["email", text(lead.email)],
    [
      "address",
      street || place ? (
        <>
          {street && <div>{street}</div>}
          {place && <div>{place}</div>}
        </>
      ) : (
        none
      ),
    ],
    ["language", t(`book.languages.${lead.language}`, { defaultValue: lead.language })],
    ["status", statusText(t, lead.status)],
    ["campaign", text(lead.campaign)],
    ["owner", row.owner ?? <span className="lead-book__muted">{t("book.lead.pool")}</span>],
    ["list", text(row.list)],
    ["dials", new Intl.NumberFormat(language).format(lead.dials)],
    ["marketing_id", lead.marketing_id],
    ["website", text(lead.website)],
    ["keywords", text(lead.keywords)],
    ["created", formatUtc(lead.created_at, language, "short")],
    ["notes", lead.notes ? <span className="lead-book__notes">{lead.notes}</span> : none],
  ];
  return (
    <section aria-label={t("book.lead.details")}>
      <dl className="lead-book__facts">
        {facts.map(([key, value]) => (
          <div key={key} className="lead-book__fact">
            <dt>{t(`book.lead.${key}`)}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
