// The Do Not Call lists page (managers and above): "Is this number on a list?" (which lists, since when, why, who
// added it, and taking it off with a reason), the call centre's lists (the internal list first, then the imported
// ones: kind, source, created, expiry, numbers) with their numbers, an upload, an export and, for an imported list,
// its deletion; "Add a number" and "New list".
import { Alert, Button, Callout, FormGroup, H1, HTMLTable, InputGroup, Spinner, Tag } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useEffect, useState } from "react";
import { LoadFailed, usePlugin } from "../../src/sdk";
import type { DncListsApi } from "./api";
import { INTERNAL_LIST, type DncEntry, type DncList } from "./contract";
import { AddNumberDialog, NewListDialog, NumbersDialog, RemoveNumberDialog, UploadDialog } from "./dialogs";
import { calendarDay, dayOf, formatPhone } from "./format";
import type { DncListsStore } from "./model";
import "./dnc-lists.css";

type Open =
  | { kind: "add"; listId: number }
  | { kind: "new" }
  | { kind: "remove"; entry: DncEntry }
  | { kind: "upload"; list: DncList }
  | { kind: "numbers"; list: DncList }
  | { kind: "delete"; list: DncList }
  | null;

const DncListsPage = observer(function DncListsPage() {
  const { store, api, ctx } = usePlugin<DncListsStore, DncListsApi>();
  const { t } = ctx;
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  useEffect(() => {
    void api.load();
  }, [api]);

  return (
    <main className="isi-page dnc" aria-labelledby="dnc-title">
      <div className="dnc__header">
        <div>
          <H1 id="dnc-title">{t("page.title")}</H1>
          <p className="dnc__help">{t("page.help")}</p>
        </div>
        <div className="dnc__buttons">
          <Button icon="phone" text={t("add.open")} onClick={() => setOpen({ kind: "add", listId: INTERNAL_LIST })} />
          <Button icon="add" intent="primary" text={t("lists.new")} onClick={() => setOpen({ kind: "new" })} />
        </div>
      </div>

      <Search onRemove={(entry) => setOpen({ kind: "remove", entry })} />

      <section aria-labelledby="dnc-lists-title" className="dnc__section">
        <h2 id="dnc-lists-title">{t("lists.title")}</h2>
        {store.phase === "failed" ? (
          <LoadFailed title={t("page.load_failed")} onRetry={() => void api.load()} />
        ) : store.phase !== "ready" ? (
          <Spinner size={24} />
        ) : (
          <Lists onOpen={setOpen} />
        )}
      </section>

      {open?.kind === "add" && <AddNumberDialog listId={open.listId} onClose={close} />}
      {open?.kind === "new" && <NewListDialog onClose={close} />}
      {open?.kind === "remove" && <RemoveNumberDialog entry={open.entry} onClose={close} />}
      {open?.kind === "upload" && <UploadDialog list={open.list} onClose={close} />}
      {open?.kind === "numbers" && <NumbersDialog list={open.list} onClose={close} />}
      <Alert
        isOpen={open?.kind === "delete"}
        intent="danger"
        icon="trash"
        confirmButtonText={t("lists.delete")}
        cancelButtonText={t("cancel")}
        onCancel={close}
        onConfirm={() => {
          if (open?.kind === "delete") void api.deleteList(open.list);
          close();
        }}
      >
        {open?.kind === "delete" && (
          <p>{t("lists.delete_confirm", { name: api.nameOf(open.list), count: open.list.numbers })}</p>
        )}
      </Alert>
    </main>
  );
});
export default DncListsPage;

/** "Is this number on a list?": the lists it is on, since when, why, who added it; each can be taken off. */
const Search = observer(function Search({ onRemove }: { onRemove(entry: DncEntry): void }) {
  const { store, api, ctx } = usePlugin<DncListsStore, DncListsApi>();
  const { t } = ctx;
  const [phone, setPhone] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [searching, setSearching] = useState(false);
  const found = store.searched;
  return (
    <section aria-labelledby="dnc-search-title" className="dnc__section">
      <h2 id="dnc-search-title">{t("search.title")}</h2>
      <form
        className="dnc__search"
        role="search"
        aria-labelledby="dnc-search-title"
        noValidate
        onSubmit={async (e) => {
          e.preventDefault();
          setSearching(true);
          const outcome = await api.search(phone);
          setSearching(false);
          setError(outcome.ok ? null : outcome.message);
        }}
      >
        <FormGroup
          label={t("search.phone")}
          labelFor="dnc-search-phone"
          intent={error ? "danger" : "none"}
          helperText={error ? <span id="dnc-search-error">{error}</span> : t("search.hint")}
        >
          <InputGroup
            id="dnc-search-phone"
            type="tel"
            inputMode="tel"
            autoComplete="off"
            value={phone}
            maxLength={30}
            intent={error ? "danger" : "none"}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "dnc-search-error" : undefined}
            onValueChange={(v) => {
              setPhone(v);
              setError(null);
            }}
          />
        </FormGroup>
        <Button type="submit" icon="search" text={t("search.submit")} loading={searching} />
      </form>
      {found &&
        (found.entries.length === 0 ? (
          <Callout intent="success" role="status" className="dnc__found">
            {t("search.none", { phone: formatPhone(found.phone) })}
          </Callout>
        ) : (
          <div role="status" className="dnc__found">
            <p>{t("search.some", { phone: formatPhone(found.phone), count: found.entries.filter((e) => e.active).length })}</p>
            <HTMLTable compact striped className="dnc__table" aria-label={t("search.results", { phone: formatPhone(found.phone) })}>
              <thead>
                <tr>
                  <th scope="col">{t("entries.list")}</th>
                  <th scope="col">{t("entries.since")}</th>
                  <th scope="col">{t("entries.expires")}</th>
                  <th scope="col">{t("entries.source")}</th>
                  <th scope="col">{t("entries.reason")}</th>
                  <th scope="col">{t("entries.added_by")}</th>
                  <th scope="col">{t("entries.state")}</th>
                  <th scope="col">{t("lists.columns.actions")}</th>
                </tr>
              </thead>
              <tbody>
                {found.entries.map((e) => (
                  <tr key={e.list_id}>
                    <th scope="row">{api.nameOf(e)}</th>
                    <td>{dayOf(ctx.language, e.added_at)}</td>
                    <td>{e.expires_at ? dayOf(ctx.language, e.expires_at) : t("lists.never")}</td>
                    <td>{t(`sources.${e.source}`, { defaultValue: e.source })}</td>
                    <td className="dnc__text">{e.reason ?? "—"}</td>
                    <td>{e.added_by ?? "—"}</td>
                    <td>
                      <Tag minimal intent={e.active ? "danger" : "none"}>
                        {t(e.active ? "entries.active" : "entries.expired")}
                      </Tag>
                    </td>
                    <td>
                      <Button
                        size="small"
                        variant="minimal"
                        icon="remove"
                        text={t("remove.open")}
                        aria-label={t("remove.open_of", { list: api.nameOf(e) })}
                        onClick={() => onRemove(e)}
                      />
                    </td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          </div>
        ))}
    </section>
  );
});

/** The call centre's lists: the internal one first, then the imported ones, each with what can be done to it. */
const Lists = observer(function Lists({ onOpen }: { onOpen(open: Open): void }) {
  const { store, api, ctx } = usePlugin<DncListsStore, DncListsApi>();
  const { t } = ctx;
  const columns = ["name", "kind", "source", "created", "expires", "numbers", "actions"] as const;
  return (
    <HTMLTable compact striped className="dnc__table" aria-label={t("lists.table")}>
      <thead>
        <tr>
          {columns.map((c) => (
            <th key={c} scope="col" className={c === "numbers" ? "dnc__count" : undefined}>
              {t(`lists.columns.${c}`)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {store.lists.map((l) => {
          const name = api.nameOf(l);
          const internal = l.id === INTERNAL_LIST;
          return (
            <tr key={l.id}>
              <th scope="row" className="dnc__text">
                {name}
              </th>
              <td>{t(`kinds.${l.kind}`)}</td>
              <td className="dnc__text">{internal ? t("lists.internal_source") : l.source}</td>
              <td>{l.created_at ? dayOf(ctx.language, l.created_at) : "—"}</td>
              <td>
                {internal ? (
                  t("lists.internal_keep")
                ) : l.expires_at ? (
                  l.expired ? (
                    <Tag minimal intent="warning">
                      {t("lists.expired_on", { date: calendarDay(ctx.language, l.expires_at) })}
                    </Tag>
                  ) : (
                    calendarDay(ctx.language, l.expires_at)
                  )
                ) : (
                  t("lists.never")
                )}
              </td>
              <td className="dnc__count">{l.numbers.toLocaleString(ctx.language)}</td>
              <td>
                <div className="dnc__actions">
                <Button
                  size="small"
                  variant="minimal"
                  icon="th-list"
                  text={t("numbers.open")}
                  aria-label={t("numbers.title", { list: name })}
                  onClick={() => onOpen({ kind: "numbers", list: l })}
                />
                {!internal && !l.expired && (
                  <Button
                    size="small"
                    variant="minimal"
                    icon="upload"
                    text={t("upload.open")}
                    aria-label={t("upload.title", { list: name })}
                    onClick={() => onOpen({ kind: "upload", list: l })}
                  />
                )}
                <Button
                  size="small"
                  variant="minimal"
                  icon="download"
                  text={t("export.open")}
                  aria-label={t("export.of", { list: name })}
                  onClick={() => void api.exportList(l)}
                />
                {!internal && (
                  <Button
                    size="small"
                    variant="minimal"
                    intent="danger"
                    icon="trash"
                    text={t("lists.delete")}
                    aria-label={t("lists.delete_of", { list: name })}
                    onClick={() => onOpen({ kind: "delete", list: l })}
                  />
                )}
                </div>
              </td>
            </tr>
          );
        })}
      </tbody>
    </HTMLTable>
  );
});
