// My clients: search the agent's leads (Enter or the search icon) and load one into the workspace.
import { Button, HTMLTable, InputGroup, Spinner } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { UserSummaryStore } from "./model";
import type { UserSummaryService } from "./service";

const MESSAGES = {
  required: "clients.required",
  not_found: "clients.not_found",
  failed: "clients.failed",
} as const;

export const ClientSearch = observer(function ClientSearch({
  store,
  api,
}: {
  store: UserSummaryStore;
  api: UserSummaryService;
}) {
  const { t } = useTranslation("user-summary");
  const [text, setText] = useState("");
  const state = store.searchState;
  const message =
    state === "required" || state === "not_found" || state === "failed" ? MESSAGES[state] : null;
  return (
    <div className="user-summary__search">
      <form
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          void api.search(text);
        }}
      >
        <InputGroup
          aria-label={t("clients.search_label")}
          placeholder={t("clients.placeholder")}
          value={text}
          maxLength={100}
          onValueChange={setText}
          rightElement={
            <Button
              type="submit"
              variant="minimal"
              icon="search"
              aria-label={t("clients.search")}
              loading={state === "searching"}
            />
          }
        />
      </form>
      {message && (
        <p role="alert" className="user-summary__message">
          {t(message)}
        </p>
      )}
      {state === "searching" && store.results.length === 0 && (
        <Spinner size={20} aria-label={t("clients.searching")} />
      )}
      {state === "done" && (
        <HTMLTable compact striped className="user-summary__table" aria-label={t("clients.results")}>
          <thead>
            <tr>
              <th scope="col">{t("columns.lead_id")}</th>
              <th scope="col">{t("columns.name")}</th>
              <th scope="col">{t("columns.phone")}</th>
              <th scope="col">{t("columns.email")}</th>
              <th scope="col">{t("columns.state")}</th>
              <th scope="col">{t("columns.status")}</th>
              <th scope="col">{t("columns.load")}</th>
            </tr>
          </thead>
          <tbody>
            {store.results.map((r) => (
              <tr key={r.id}>
                <td>{r.marketing_id}</td>
                <td>{r.name}</td>
                <td>{r.phone}</td>
                <td>{r.email}</td>
                <td>{r.address.state}</td>
                <td>{r.status}</td>
                <td>
                  <Button
                    size="small"
                    aria-label={t("clients.load_for", { name: r.name })}
                    onClick={() => void api.load(r.id)}
                  >
                    {t("clients.load")}
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
    </div>
  );
});
