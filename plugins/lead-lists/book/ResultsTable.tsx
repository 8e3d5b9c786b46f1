// The search's leads, 50 a page, in a table that scrolls inside its area (its head in view), with the pages below:
// each lead's name opens it beside the table.
import { Button, Callout, H2, HTMLTable, Spinner, Tag } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { BOOK_PAGE_SIZE, type BookLead } from "./contract";
import { formatPhone, statusText } from "./words";

export interface Results {
  state: "loading" | "ready" | "failed";
  rows: BookLead[];
  total: number;
  page: number;
  /** Why the last search was refused (a field's refusal shows at its filter instead). */
  message?: string | null;
}

export default function ResultsTable({
  results,
  openId,
  onOpen,
  onPage,
  onRetry,
}: {
  results: Results;
  openId: number | null;
  onOpen(row: BookLead): void;
  onPage(page: number): void;
  onRetry(): void;
}) {
  const { t, i18n } = useTranslation("lead-lists");
  const numbers = new Intl.NumberFormat(i18n.language);
  const pages = Math.max(1, Math.ceil(results.total / BOOK_PAGE_SIZE));
  const { rows, page, state } = results;

  return (
    <section
      className="lead-book__part lead-book__results"
      aria-labelledby="lead-book-results-title"
      aria-busy={state === "loading"}
    >
      <div className="lead-book__heading">
        <H2 id="lead-book-results-title">{t("book.results.title")}</H2>
        {state !== "failed" && (
          <span className="lead-book__muted" role="status">
            {state === "loading"
              ? t("book.results.loading")
              : t("book.results.count", { count: results.total, total: numbers.format(results.total) })}
          </span>
        )}
        {state === "loading" && <Spinner size={16} />}
      </div>
      {state === "failed" && results.message && (
        <Callout intent="danger" compact className="lead-book__refusal">
          {results.message}{" "}
          <Button size="small" variant="minimal" intent="danger" text={t("book.retry")} onClick={onRetry} />
        </Callout>
      )}
      {state === "ready" && rows.length === 0 ? (
        <p className="lead-book__muted">{t("book.results.none")}</p>
      ) : (
        <div className="lead-book__scroll">
          <HTMLTable compact striped className="lead-book__table" aria-labelledby="lead-book-results-title">
            <thead>
              <tr>
                <th scope="col">{t("book.results.name")}</th>
                <th scope="col">{t("book.results.phone")}</th>
                <th scope="col">{t("book.results.marketing_id")}</th>
                <th scope="col">{t("book.results.status")}</th>
                <th scope="col">{t("book.results.campaign")}</th>
                <th scope="col">{t("book.results.list")}</th>
                <th scope="col">{t("book.results.owner")}</th>
                <th scope="col" className="lead-book__number">
                  {t("book.results.dials")}
                </th>
                <th scope="col">{t("book.results.created")}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr
                  key={row.id}
                  className={row.id === openId ? "lead-book__current" : undefined}
                  aria-current={row.id === openId ? "true" : undefined}
                >
                  <th scope="row" className="lead-book__name">
                    <Button
                      variant="minimal"
                      size="small"
                      className="lead-book__open"
                      aria-label={t("book.results.open", { name: row.name || row.marketing_id })}
                      title={row.name || undefined}
                      text={row.name || t("book.lead.unnamed")}
                      onClick={() => onOpen(row)}
                    />
                  </th>
                  <td>
                    <span className="lead-book__nowrap">{formatPhone(row.phone)}</span>
                    {row.state && (
                      <span className="lead-book__muted" title={t("book.results.state")}>
                        {" "}
                        · {row.state.toUpperCase()}
                      </span>
                    )}
                  </td>
                  <td className="lead-book__nowrap">{row.marketing_id}</td>
                  <td>
                    <Tag minimal intent={row.status === "Do Not Call" ? "danger" : "none"}>
                      {statusText(t, row.status)}
                    </Tag>
                  </td>
                  <td>{row.campaign ?? "—"}</td>
                  <td>{row.list ?? "—"}</td>
                  <td>{row.owner ?? <span className="lead-book__muted">{t("book.results.pool")}</span>}</td>
                  <td className="lead-book__number">{numbers.format(row.dials)}</td>
                  <td className="lead-book__nowrap">{new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeZone: "UTC" }).format(new Date(row.created_at))}</td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </div>
      )}
      <nav className="lead-book__pages" aria-label={t("book.results.pages")}>
        <Button
          icon="chevron-left"
          size="small"
          disabled={page <= 1 || state === "loading"}
          aria-label={t("book.results.previous")}
          onClick={() => onPage(page - 1)}
        />
        <span>{t("book.results.page", { page: numbers.format(page), pages: numbers.format(pages) })}</span>
        <Button
          icon="chevron-right"
          size="small"
          disabled={page >= pages || state === "loading"}
          aria-label={t("book.results.next")}
          onClick={() => onPage(page + 1)}
        />
      </nav>
    </section>
  );
}
