// My clients: search the agent's leads (Enter or the search icon) and load one into the workspace. When the
// panel is narrow, state, e-mail, the lead id and the status give way; the name, phone and Load stay.
import { Button, InputGroup, Spinner } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Clip, Words } from "./Clip";
import { textWeight, wordsWidth, type ColumnFit } from "./columns";
import { Cells, FitTable } from "./FitTable";
import type { UserSummaryStore } from "./model";
import type { UserSummaryService } from "./service";
import { statusText } from "./statuses";

export const CLIENT_COLUMNS = [
  { id: "lead_id", priority: 3, minWidth: 84 },
  { id: "name", priority: 0, minWidth: 80, grow: true },
  { id: "phone", priority: 1, minWidth: 110 },
  { id: "email", priority: 4, minWidth: 100, grow: true },
  { id: "state", priority: 5, minWidth: 56 },
  // Read whole, wrapping at its spaces: as wide as its longest word at least (wordsWidth).
  { id: "status", priority: 2, minWidth: 88, words: true },
  { id: "load", priority: 0, minWidth: 70 },
] as const satisfies readonly ColumnFit[];
type ClientColumn = (typeof CLIENT_COLUMNS)[number]["id"];

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
  const statuses = store.results.map((r) => statusText(t, r.status));
  const weights: Partial<Record<ClientColumn, number>> = {
    name: textWeight(store.results.map((r) => r.name)),
    email: textWeight(store.results.map((r) => r.email)),
    status: textWeight(statuses),
  };
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
        <FitTable<ClientColumn>
          label={t("clients.results")}
          columns={CLIENT_COLUMNS.map((c) => ({
            ...c,
            header: t(`columns.${c.id}`),
            weight: weights[c.id],
            minWidth: c.id === "status" ? wordsWidth(statuses, c.minWidth) : c.minWidth,
          }))}
        >
          {(shown) =>
            store.results.map((r) => (
              <tr key={r.id}>
                <Cells
                  shown={shown}
                  cells={{
                    lead_id: r.marketing_id,
                    name: <Clip text={r.name} />,
                    phone: r.phone,
                    email: <Clip text={r.email} />,
                    state: r.address.state?.toUpperCase(),
                    status: <Words text={statusText(t, r.status)} />,
                    load: (
                      <Button
                        size="small"
                        aria-label={t("clients.load_for", { name: r.name })}
                        onClick={() => void api.load(r.id)}
                      >
                        {t("clients.load")}
                      </Button>
                    ),
                  }}
                />
              </tr>
            ))
          }
        </FitTable>
      )}
    </div>
  );
});
