// The Accounts page: the call centre's accounts in a table (search, 10/25/50/100 per page), 'New account', and
// on each row Edit, Deactivate or Reactivate and Send password reset, each change asked first. A new account's
// temporary password is shown once, to be handed to the new agent.
import { Alert, Button, Callout, Dialog, DialogBody, DialogFooter, H1, HTMLTable, InputGroup, Spinner, Tag } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useEffect, useState } from "react";
import { ACCOUNT_PAGE_SIZES, ACCOUNT_QUERY_MAX, mayManageRole, type AccountListItem } from "../../src/contract/accounts";
import { LoadFailed, Select, usePlugin } from "../../src/sdk";
import { AccountForm } from "./AccountForm";
import type { AccountsStore } from "./model";
import type { AccountsService } from "./service";
import "./accounts.css";

type Confirming = { kind: "deactivate" | "reactivate" | "reset"; account: AccountListItem };

let dialogs = 0;
/** One Idempotency-Key per opened 'New account' dialog: a double submit of it creates one account. */
const newKey = () => `account-${(++dialogs).toString(36)}-${Math.random().toString(36).slice(2)}${Math.random().toString(36).slice(2)}`;

const AccountsPage = observer(function AccountsPage() {
  const { store, api, ctx } = usePlugin<AccountsStore, AccountsService>();
  const { t } = ctx;
  const [editing, setEditing] = useState<{ account: AccountListItem | null; key: string } | null>(null);
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  const [created, setCreated] = useState<{ name: string; password: string | undefined } | null>(null);
  const [typed, setTyped] = useState(store.query);
  useEffect(() => {
    void api.load();
    void api.loadManagers();
  }, [api]);
  // Each time the form opens: an account created a moment ago holds an extension that was free.
  const formOpen = editing !== null;
  useEffect(() => {
    if (formOpen) void api.loadFreeExtensions();
  }, [api, formOpen]);

  const manageable = (a: AccountListItem) => mayManageRole(ctx.agent.roles, a.role);
  const own = (a: AccountListItem) => a.id === ctx.agent.id;
  const teamOf = (a: AccountListItem) => store.managers.find((m) => m.id === a.manager_id)?.full_name ?? "";

  const confirm = () => {
    if (!confirming) return;
    const { kind, account } = confirming;
    setConfirming(null);
    if (kind === "deactivate") void api.deactivate(account);
    else if (kind === "reactivate") void api.reactivate(account);
    else void api.resetPassword(account);
  };

  return (
    <main className="isi-page accounts" aria-labelledby="accounts-title">
      <H1 id="accounts-title">{t("title")}</H1>
      <div className="accounts__toolbar">
        <form
          role="search"
          className="accounts__search"
          onSubmit={(e) => {
            e.preventDefault();
            void api.search(typed);
          }}
        >
          <InputGroup
            type="search"
            leftIcon="search"
            aria-label={t("search")}
            placeholder={t("search")}
            maxLength={ACCOUNT_QUERY_MAX}
            value={typed}
            onValueChange={(v) => {
              setTyped(v);
              void api.search(v);
            }}
          />
        </form>
        <Button intent="primary" icon="new-person" text={t("new")} onClick={() => setEditing({ account: null, key: newKey() })} />
      </div>

      {store.phase === "failed" && (
        <LoadFailed title={t("errors.load_failed")} message={store.message} onRetry={() => void api.load()} />
      )}
      {store.phase === "loading" && store.rows.length === 0 && <Spinner size={24} />}
      {store.phase !== "failed" && store.phase !== "idle" && !(store.phase === "loading" && store.rows.length === 0) && (
        <>
          {store.rows.length === 0 ? (
            <p className="accounts__empty">{store.query.trim() ? t("empty_search") : t("empty")}</p>
          ) : (
            <HTMLTable compact striped className="accounts__table" aria-label={t("table")}>
              <thead>
                <tr>
                  <th scope="col">{t("columns.name")}</th>
                  <th scope="col">{t("columns.email")}</th>
                  <th scope="col">{t("columns.role")}</th>
                  <th scope="col">{t("columns.extension")}</th>
                  <th scope="col">{t("columns.level")}</th>
                  <th scope="col">{t("columns.team")}</th>
                  <th scope="col">{t("columns.status")}</th>
                  <th scope="col">{t("columns.actions")}</th>
                </tr>
              </thead>
              <tbody>
                {store.rows.map((a) => {
                  const may = manageable(a) && store.busy !== a.id;
                  return (
                    <tr key={a.id}>
                      <th scope="row">{a.full_name}</th>
                      <td>{a.email}</td>
                      <td>{t(`roles.${a.role}`)}</td>
                      <td>{a.extension ?? ""}</td>
                      <td>{a.level}</td>
                      <td>{teamOf(a)}</td>
                      <td>
                        <Tag minimal intent={a.disabled ? "danger" : "success"}>
                          {a.disabled ? t("status.deactivated") : t("status.active")}
                        </Tag>
                        {a.password_state !== "active" && (
                          <Tag minimal intent="warning" className="accounts__tag">
                            {t(`status.${a.password_state}`)}
                          </Tag>
                        )}
                      </td>
                      <td className="accounts__actions">
                        <Button
                          variant="minimal"
                          icon="edit"
                          aria-label={t("actions.edit", { name: a.full_name })}
                          title={t("actions.edit", { name: a.full_name })}
                          disabled={!may}
                          onClick={() => setEditing({ account: a, key: newKey() })}
                        />
                        {a.disabled ? (
                          <Button
                            variant="minimal"
                            icon="unlock"
                            aria-label={t("actions.reactivate", { name: a.full_name })}
                            title={t("actions.reactivate", { name: a.full_name })}
                            disabled={!may}
                            onClick={() => setConfirming({ kind: "reactivate", account: a })}
                          />
                        ) : (
                          <Button
                            variant="minimal"
                            intent="danger"
                            icon="disable"
                            aria-label={t("actions.deactivate", { name: a.full_name })}
                            title={t("actions.deactivate", { name: a.full_name })}
                            disabled={!may || own(a)}
                            onClick={() => setConfirming({ kind: "deactivate", account: a })}
                          />
                        )}
                        <Button
                          variant="minimal"
                          icon="key"
                          aria-label={t("actions.reset", { name: a.full_name })}
                          title={t("actions.reset", { name: a.full_name })}
                          disabled={!may || own(a)}
                          onClick={() => setConfirming({ kind: "reset", account: a })}
                        />
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </HTMLTable>
          )}
          <nav className="accounts__paging" aria-label={t("paging.label")}>
            <span className="accounts__size">
              <label htmlFor="accounts-per-page">{t("paging.per_page")}</label>
              <Select
                id="accounts-per-page"
                value={String(store.perPage)}
                onChange={(e) => void api.resize(Number(e.currentTarget.value) as 10 | 25 | 50 | 100)}
                options={ACCOUNT_PAGE_SIZES.map((n) => ({ value: String(n), label: String(n) }))}
              />
            </span>
            <span aria-live="polite">{t("paging.page_of", { page: store.page, pages: store.pages, total: store.total })}</span>
            <Button icon="chevron-left" aria-label={t("paging.previous")} disabled={store.page <= 1} onClick={() => void api.goTo(store.page - 1)} />
            <Button icon="chevron-right" aria-label={t("paging.next")} disabled={store.page >= store.pages} onClick={() => void api.goTo(store.page + 1)} />
          </nav>
        </>
      )}

      {editing && (
        <AccountForm
          account={editing.account}
          idempotencyKey={editing.key}
          freeExtensions={store.freeExtensions}
          onClose={() => setEditing(null)}
          onCreated={(name, password) => {
            setEditing(null);
            setCreated({ name, password });
          }}
        />
      )}

      <Dialog isOpen={created !== null} title={t("created_dialog.title")} onClose={() => setCreated(null)}>
        <DialogBody>
          {created?.password ? (
            <>
              <p>{t("created_dialog.text", { name: created.name })}</p>
              <p className="accounts__password">
                {t("created_dialog.password")} <code aria-label={t("created_dialog.password")}>{created.password}</code>
              </p>
              <Callout intent="warning" icon="eye-off">
                {t("created_dialog.once")}
              </Callout>
            </>
          ) : (
            <p>{t("created_dialog.no_password", { name: created?.name ?? "" })}</p>
          )}
        </DialogBody>
        <DialogFooter actions={<Button intent="primary" text={t("created_dialog.done")} onClick={() => setCreated(null)} />} />
      </Dialog>

      <Alert
        isOpen={confirming !== null}
        intent={confirming?.kind === "deactivate" ? "danger" : "primary"}
        icon={confirming?.kind === "reset" ? "key" : confirming?.kind === "reactivate" ? "unlock" : "disable"}
        cancelButtonText={t("confirm.cancel")}
        confirmButtonText={confirming ? t(`confirm.${confirming.kind}_button`) : ""}
        onCancel={() => setConfirming(null)}
        onConfirm={confirm}
      >
        <p>{confirming ? t(`confirm.${confirming.kind}`, { name: confirming.account.full_name }) : ""}</p>
      </Alert>
    </main>
  );
});

export default AccountsPage;
