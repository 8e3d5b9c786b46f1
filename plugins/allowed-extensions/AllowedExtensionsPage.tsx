// The Allowed Extensions page: the call centre's allowed extensions in a table, an add field (checked before
// sending: 3 to 6 digits) and a delete action on each row, which asks first.
import { Alert, Button, FormGroup, H1, HTMLTable, InputGroup, Spinner } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useEffect, useState } from "react";
import { EXTENSION_MAX_DIGITS } from "../../src/contract/allowedExtensions";
import { LoadFailed, usePlugin } from "../../src/sdk";
import { LastChange } from "../../src/sdk/settings";
import type { ExtensionsStore } from "./model";
import type { ExtensionsService } from "./service";
import "./extensions.css";

const AllowedExtensionsPage = observer(function AllowedExtensionsPage() {
  const { store, api, ctx } = usePlugin<ExtensionsStore, ExtensionsService>();
  const { t } = ctx;
  const [typed, setTyped] = useState("");
  const [confirming, setConfirming] = useState<string | null>(null);
  useEffect(() => {
    void api.load();
  }, [api]);

  const add = async () => {
    if (await api.add(typed)) setTyped("");
  };

  return (
    <main className="isi-page extensions" aria-labelledby="extensions-title">
      <H1 id="extensions-title">{t("title")}</H1>
      <p className="extensions__help">
        {t("help")} <LastChange change={store.lastChange} />
      </p>
      <form
        className="extensions__add"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void add();
        }}
      >
        <FormGroup
          label={t("extension")}
          labelFor="allowed-extension"
          intent={store.fieldError ? "danger" : "none"}
          helperText={store.fieldError ? <span id="allowed-extension-error">{store.fieldError}</span> : undefined}
        >
          <InputGroup
            id="allowed-extension"
            value={typed}
            inputMode="numeric"
            // A little room past the longest extension, so a too-long one shows its message instead of being cut.
            maxLength={EXTENSION_MAX_DIGITS + 4}
            intent={store.fieldError ? "danger" : "none"}
            aria-invalid={store.fieldError ? true : undefined}
            aria-describedby={store.fieldError ? "allowed-extension-error" : undefined}
            onValueChange={(v) => {
              setTyped(v);
              api.clearError();
            }}
          />
        </FormGroup>
        <Button type="submit" intent="primary" icon="add" text={t("add")} loading={store.busy} />
      </form>
      {store.phase === "loading" && <Spinner size={24} />}
      {store.phase === "failed" && (
        <LoadFailed title={t("errors.load_failed")} message={store.message} onRetry={() => void api.load()} />
      )}
      {store.phase === "ready" &&
        (store.extensions.length === 0 ? (
          <p className="extensions__empty">{t("empty")}</p>
        ) : (
          <HTMLTable compact striped className="extensions__table" aria-label={t("table")}>
            <thead>
              <tr>
                <th scope="col">{t("extension")}</th>
                <th scope="col">{t("actions")}</th>
              </tr>
            </thead>
            <tbody>
              {store.extensions.map((extension) => (
                <tr key={extension}>
                  <td>{extension}</td>
                  <td>
                    <Button
                      variant="minimal"
                      intent="danger"
                      icon="trash"
                      aria-label={t("delete", { extension })}
                      disabled={store.busy}
                      onClick={() => setConfirming(extension)}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        ))}
      <Alert
        isOpen={confirming !== null}
        intent="danger"
        icon="trash"
        cancelButtonText={t("confirm.cancel")}
        confirmButtonText={t("confirm.delete")}
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          const extension = confirming;
          setConfirming(null);
          if (extension) void api.remove(extension);
        }}
      >
        <p>{t("confirm.text", { extension: confirming ?? "" })}</p>
      </Alert>
    </main>
  );
});

export default AllowedExtensionsPage;
