// "Import a list": the file input and the upload's progress and refusal, then the import on screen at its step —
// the mapping, the dry run, the job's progress, its report — and the confirmation before a cancel.
import { Alert, Callout, FileInput, H2, Intent, ProgressBar } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { usePlugin } from "../../src/sdk";
import type { LeadListsApi } from "./api";
import { DryRunProgress, DryRunResult, ImportProgress, ImportReport } from "./ImportResults";
import MappingStep from "./MappingStep";
import type { LeadListsStore } from "./model";
import { useWords } from "./useWords";

const UploadStep = observer(function UploadStep() {
  const { store, api } = usePlugin<LeadListsStore, LeadListsApi>();
  const { t } = useTranslation("lead-lists");
  const words = useWords();
  const uploading = store.uploading;
  const ratio = uploading && uploading.total > 0 ? uploading.loaded / uploading.total : 0;
  return (
    <div className="lead-lists__upload">
      <p className="lead-lists__muted">{t("upload.help")}</p>
      <FileInput
        className="lead-lists__file"
        text={uploading?.fileName ?? t("upload.choose")}
        buttonText={t("upload.browse")}
        disabled={uploading !== null}
        inputProps={{ accept: ".csv,.txt,text/csv", "aria-label": t("upload.file") }}
        onInputChange={(e) => {
          const input = e.currentTarget;
          const file = input.files?.[0];
          if (file) void api.upload(file);
          input.value = "";
        }}
      />
      {uploading && (
        <div className="lead-lists__uploading">
          <ProgressBar intent={Intent.PRIMARY} value={ratio} aria-label={t("upload.progress")} />
          <p className="lead-lists__figures">
            {t("upload.uploading", { name: uploading.fileName, percent: words.percent(ratio) })}
          </p>
        </div>
      )}
      {store.uploadError && (
        <Callout intent={Intent.DANGER} role="alert" compact title={t("upload.refused")}>
          {store.uploadError}
        </Callout>
      )}
    </div>
  );
});

const ImportCard = observer(function ImportCard() {
  const { store, api } = usePlugin<LeadListsStore, LeadListsApi>();
  const { t } = useTranslation("lead-lists");
  const [confirming, setConfirming] = useState(false);
  const current = store.current;
  const ask = () => setConfirming(true);

  let step;
  if (!current) step = <UploadStep />;
  else if (current.state === "checking") step = <DryRunProgress onCancel={ask} />;
  else if (current.state === "queued" || current.state === "running") step = <ImportProgress onCancel={ask} />;
  else if (current.state === "checked" && !store.remapping && current.dry_run) step = <DryRunResult />;
  else if (current.state === "uploaded" || current.state === "checked" || (current.state === "failed" && current.list_id === null))
    step = (
      <>
        {current.state === "failed" && (
          <Callout intent={Intent.DANGER} role="alert" compact title={t("dry_run.failed")}>
            {current.error}
          </Callout>
        )}
        <MappingStep />
      </>
    );
  else step = <ImportReport />;

  return (
    <>
      <div className="lead-lists__heading">
        <H2 id="lead-lists-import-title">{t("upload.title")}</H2>
        {current && current.state !== "uploaded" && current.state !== "checked" && (
          <span className="lead-lists__muted">{current.file_name}</span>
        )}
      </div>
      {store.actionError && (
        <Callout intent={Intent.DANGER} role="alert" compact>
          {store.actionError}
        </Callout>
      )}
      {step}
      <Alert
        isOpen={confirming && current !== null}
        intent={Intent.DANGER}
        icon="stop"
        cancelButtonText={t("progress.keep")}
        confirmButtonText={current?.state === "checking" ? t("dry_run.stop") : t("progress.cancel")}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          void api.cancel();
        }}
      >
        <p>
          {current?.state === "checking"
            ? t("dry_run.stop_confirm", { name: current.file_name })
            : t("progress.confirm", { name: current?.file_name ?? "" })}
        </p>
      </Alert>
    </>
  );
});
export default ImportCard;

