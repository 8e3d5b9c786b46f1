// The Leads page (managers and above, issue 36 part 5): the call centre's leads searched by name, phone, marketing
// id or e-mail and filtered by list, status and campaign, newest first, 50 a page, in a table that scrolls in its
// own area; a lead chosen opens beside it (./LeadPane.tsx) with its card, its history, the edit form, reassign and
// Do Not Call. One screen at 1366×768. Calls the gateway by its endpoints (./client.ts); no store slice.
import { Button, FormGroup, H1, InputGroup } from "@blueprintjs/core";
import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { LEAD_STATUSES } from "../../../src/contract/lead";
import type { LeadCampaign } from "../../../src/contract/leadBook";
import { Select, usePlugin } from "../../../src/sdk";
import type { LeadList } from "../contract";
import { bookClient, refusalOf } from "./client";
import { BOOK_QUERY_MAX, type BookLead, type LeadBookQuery } from "./contract";
import LeadPane from "./LeadPane";
import ResultsTable, { type Results } from "./ResultsTable";
import { statusText } from "./words";
import "./lead-book.css";

export interface Filters {
  q: string;
  /** "" for any; else the id as the select holds it. */
  listId: string;
  status: string;
  campaignId: string;
}
const NO_FILTERS: Filters = { q: "", listId: "", status: "", campaignId: "" };

/** The filters and the page as the search endpoint takes them (empty ones left out). */
export function queryOf(f: Filters, page: number): LeadBookQuery {
  return {
    ...(f.q.trim() && { q: f.q.trim() }),
    ...(f.listId && { list_id: f.listId }),
    ...(f.status && { status: f.status as LeadBookQuery["status"] }),
    ...(f.campaignId && { campaign_id: f.campaignId }),
    page: String(page),
  };
}

export default function LeadBookPage() {
  const { ctx } = usePlugin();
  const { t } = useTranslation("lead-lists");
  const client = useMemo(() => bookClient(ctx), [ctx]);
  const [lists, setLists] = useState<LeadList[]>([]);
  const [campaigns, setCampaigns] = useState<LeadCampaign[]>([]);
  const [draft, setDraft] = useState<Filters>(NO_FILTERS);
  const [results, setResults] = useState<Results>({ state: "loading", rows: [], total: 0, page: 1 });
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [applied, setApplied] = useState<Filters>(NO_FILTERS);
  const [open, setOpen] = useState<BookLead | null>(null);
  /** Answers to an older search are dropped. */
  const turn = useRef(0);

  const search = useCallback(
    async (filters: Filters, page: number) => {
      const mine = ++turn.current;
      setResults((r) => ({ ...r, state: "loading" }));
      const r = await client.search(queryOf(filters, page));
      if (mine !== turn.current) return;
      if (r.ok) {
        setApplied(filters);
        setFieldErrors({});
        setResults({ state: "ready", rows: r.data.data, total: r.data.total, page });
        return;
      }
      const refused = refusalOf(t, ctx.language, r);
      setFieldErrors(refused.fields);
      setResults((before) => ({ ...before, state: "failed", message: refused.message }));
    },
    [client, ctx, t],
  );

  useEffect(() => {
    void search(NO_FILTERS, 1);
    void client.lists().then((r) => r.ok && setLists(r.data.data));
    void client.campaigns().then((r) => r.ok && setCampaigns(r.data.data));
  }, [client, search]);

  const set = (patch: Partial<Filters>) => setDraft((d) => ({ ...d, ...patch }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void search(draft, 1);
  };
  const clear = () => {
    setDraft(NO_FILTERS);
    void search(NO_FILTERS, 1);
  };
  /** What a change to the lead on the pane makes of its row (its name, status, owner). */
  const changed = (id: number, patch: Partial<BookLead>) => {
    setResults((r) => ({ ...r, rows: r.rows.map((row) => (row.id === id ? { ...row, ...patch } : row)) }));
    setOpen((o) => (o && o.id === id ? { ...o, ...patch } : o));
  };
  const error = (field: string) => fieldErrors[field];

  return (
    <main className="isi-page lead-book" aria-labelledby="lead-book-title">
      <header className="lead-book__head">
        <H1 id="lead-book-title">{t("book.title")}</H1>
        <p className="lead-book__muted">{t("book.help")}</p>
      </header>

      <form
        role="search"
        aria-label={t("book.filters.label")}
        className="lead-book__filters"
        onSubmit={submit}
      >
        <FormGroup
          className="lead-book__filter lead-book__filter--text"
          label={t("book.filters.q")}
          labelFor="lead-book-q"
          intent={error("q") ? "danger" : "none"}
          helperText={error("q")}
        >
          <InputGroup
            id="lead-book-q"
            type="search"
            leftIcon="search"
            maxLength={BOOK_QUERY_MAX}
            placeholder={t("book.filters.q_placeholder")}
            value={draft.q}
            onChange={(e) => set({ q: e.currentTarget.value })}
          />
        </FormGroup>
        <FormGroup
          className="lead-book__filter"
          label={t("book.filters.list")}
          labelFor="lead-book-list"
          intent={error("list_id") ? "danger" : "none"}
          helperText={error("list_id")}
        >
          <Select
            id="lead-book-list"
            value={draft.listId}
            onChange={(e) => set({ listId: e.currentTarget.value })}
          >
            <option value="">{t("book.filters.all_lists")}</option>
            {lists.map((l) => (
              <option key={l.id} value={String(l.id)}>
                {l.name}
              </option>
            ))}
          </Select>
        </FormGroup>
        <FormGroup
          className="lead-book__filter"
          label={t("book.filters.status")}
          labelFor="lead-book-status"
          intent={error("status") ? "danger" : "none"}
          helperText={error("status")}
        >
          <Select
            id="lead-book-status"
            value={draft.status}
            onChange={(e) => set({ status: e.currentTarget.value })}
          >
            <option value="">{t("book.filters.all_statuses")}</option>
            {LEAD_STATUSES.map((s) => (
              <option key={s} value={s}>
                {statusText(t, s)}
              </option>
            ))}
          </Select>
        </FormGroup>
        <FormGroup
          className="lead-book__filter"
          label={t("book.filters.campaign")}
          labelFor="lead-book-campaign"
          intent={error("campaign_id") ? "danger" : "none"}
          helperText={error("campaign_id")}
        >
          <Select
            id="lead-book-campaign"
            value={draft.campaignId}
            onChange={(e) => set({ campaignId: e.currentTarget.value })}
          >
            <option value="">{t("book.filters.all_campaigns")}</option>
            {campaigns.map((c) => (
              <option key={c.id} value={String(c.id)}>
                {c.active ? c.name : t("book.filters.inactive", { name: c.name })}
              </option>
            ))}
          </Select>
        </FormGroup>
        <div className="lead-book__filter-actions">
          <Button type="submit" intent="primary" icon="search" text={t("book.filters.search")} />
          <Button variant="minimal" text={t("book.filters.clear")} onClick={clear} />
        </div>
      </form>

      <div className={open ? "lead-book__body lead-book__body--open" : "lead-book__body"}>
        <ResultsTable
          results={results}
          openId={open?.id ?? null}
          onOpen={setOpen}
          onPage={(page) => void search(applied, page)}
          onRetry={() => void search(applied, results.page)}
        />
        {open && (
          <LeadPane
            key={open.id}
            row={open}
            client={client}
            onClose={() => setOpen(null)}
            onChanged={(patch) => changed(open.id, patch)}
          />
        )}
      </div>
    </main>
  );
}
