// Mark Do Not Call: the reason (required) and whether the person asked not to be called, then POST
// /lead-book/leads/{id}/dnc. The lead's status becomes Do Not Call and its numbers go on the call centre's internal
// list: every dial of them is refused from then on.
import {
  Button,
  Callout,
  Checkbox,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  TextArea,
} from "@blueprintjs/core";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { keepPrintable } from "../../../src/contract/text";
import { usePlugin } from "../../../src/sdk";
import { refusalOf, sayGateway, type BookClient } from "./client";
import { DNC_REASON_MAX, DncBody } from "./contract";

export default function DncDialog({
  leadId,
  name,
  client,
  onClose,
  onDone,
}: {
  leadId: number;
  name: string;
  client: BookClient;
  onClose(): void;
  onDone(): void;
}) {
  const { ctx } = usePlugin();
  const { t } = useTranslation("lead-lists");
  const id = useId();
  const [reason, setReason] = useState("");
  const [consumer, setConsumer] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    setRefused(null);
    const body = { reason, consumer_request: consumer };
    const parsed = DncBody.safeParse(body);
    if (!parsed.success) {
      setError(sayGateway(t, parsed.error.issues[0]!.message));
      return;
    }
    setBusy(true);
    const r = await client.doNotCall(leadId, body);
    setBusy(false);
    if (r.ok) {
      ctx.notify.success(t("book.dnc.done", { name }));
      onDone();
      return;
    }
    const refusal = refusalOf(t, ctx.language, r);
    if (refusal.fields.reason) setError(refusal.fields.reason);
    else setRefused(refusal.message ?? Object.values(refusal.fields).join(" "));
  };

  return (
    <Dialog isOpen title={t("book.dnc.title")} icon="disable" onClose={busy ? undefined : onClose}>
      <DialogBody>
        <p>{t("book.dnc.help", { name })}</p>
        <FormGroup
          label={t("book.dnc.reason")}
          labelFor={`${id}-reason`}
          labelInfo={t("book.dnc.required")}
          intent={error ? "danger" : "none"}
          helperText={error}
        >
          <TextArea
            id={`${id}-reason`}
            fill
            rows={3}
            maxLength={DNC_REASON_MAX}
            intent={error ? "danger" : "none"}
            value={reason}
            onChange={(e) => {
              setReason(keepPrintable(e.currentTarget.value));
              setError(null);
            }}
          />
        </FormGroup>
        <Checkbox
          checked={consumer}
          label={t("book.dnc.consumer")}
          onChange={(e) => setConsumer(e.currentTarget.checked)}
        />
        {refused && (
          <Callout intent="danger" compact role="alert">
            {refused}
          </Callout>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t("book.dnc.cancel")} onClick={onClose} disabled={busy} />
            <Button
              intent="danger"
              text={t("book.dnc.confirm")}
              loading={busy}
              onClick={() => void submit()}
            />
          </>
        }
      />
    </Dialog>
  );
}
