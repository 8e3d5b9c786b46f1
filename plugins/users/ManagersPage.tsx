// The Managers list (admin-and-sign-in §2 "/users/managers"): name and e-mail of the call centre's managers
// (role manager), from GET /agents/managers.
import { H1, HTMLTable, Spinner } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useEffect } from "react";
import { LoadFailed, usePlugin } from "../../src/sdk";
import type { UsersStore } from "./model";
import type { UsersService } from "./service";
import "./users.css";

const ManagersPage = observer(function ManagersPage() {
  const { store, api, ctx } = usePlugin<UsersStore, UsersService>();
  const { t } = ctx;
  useEffect(() => {
    void api.managers();
  }, [api]);

  return (
    <main className="isi-page users" aria-labelledby="managers-title">
      <H1 id="managers-title">{t("managers.title")}</H1>
      {(store.managersPhase === "loading" || store.managersPhase === "idle") && <Spinner size={24} />}
      {store.managersPhase === "failed" && (
        <LoadFailed title={t("errors.load_failed")} message={store.managersMessage} onRetry={() => void api.managers()} />
      )}
      {store.managersPhase === "ready" && (
        <HTMLTable className="users__table" compact striped>
          <caption className="bp6-text-muted">{t("managers.caption")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("managers.name")}</th>
              <th scope="col">{t("managers.email")}</th>
            </tr>
          </thead>
          <tbody>
            {store.managers.length === 0 && (
              <tr>
                <td colSpan={2} className="users__empty">
                  {t("managers.empty")}
                </td>
              </tr>
            )}
            {store.managers.map((m) => (
              <tr key={m.id}>
                <th scope="row">{m.full_name}</th>
                <td>{m.email}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
    </main>
  );
});

export default ManagersPage;
