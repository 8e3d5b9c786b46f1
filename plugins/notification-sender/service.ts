// Sends a notification (createNotification, POST /notifications) with an Idempotency-Key: one key per submission,
// kept for a retry of the same submission (the automatic retries, and the manager pressing Send again after a
// failure with nothing changed), so a lost answer never sends it twice. The gateway's refusals are notices: first
// the message's own error (§7 "the first of errors.message"), then the other fields'.
import { createNotification } from "../../src/contract/notifications";
import { callEndpoint, idempotencyKey, type PluginContext } from "../../src/sdk";
import { messageKey, toBody, type NotificationValues } from "./form";

export function createSenderService(ctx: PluginContext<undefined>) {
  const { t } = ctx;
  /** The submission still unanswered or failed for a reason a retry may cure: its body and key. */
  let pending: { body: string; key: string } | null = null;
  const text = (message: string) => {
    const key = messageKey(message);
    return key ? t(key) : message;
  };

  return {
    /** True when it was sent (the form then starts again). */
    async send(values: NotificationValues): Promise<boolean> {
      const body = toBody(values);
      const json = JSON.stringify(body);
      if (pending?.body !== json) pending = { body: json, key: idempotencyKey() };
      const outcome = await callEndpoint(ctx, createNotification, { body, idempotencyKey: pending.key });
      if (outcome.ok) {
        pending = null;
        ctx.notify.success(t("sent", { count: outcome.data.data.recipients }));
        return true;
      }
      // Sent, though its answer is not the contract's (a success status whose body its schema refuses).
      if (outcome.status !== null && outcome.status < 300) {
        pending = null;
        ctx.notify.success(t("sent_plain"));
        return true;
      }
      // A refusal is final for these values: the next press is a new submission.
      if (!outcome.retryable) pending = null;
      const { message: messageErrors, ...others } = outcome.errors;
      const notices = [
        ...(messageErrors?.length ? [messageErrors[0]!] : []),
        ...Object.values(others).flatMap((list) => list.slice(0, 1)),
      ].map(text);
      if (notices.length === 0) notices.push(outcome.message && !outcome.retryable ? text(outcome.message) : t("errors.failed"));
      for (const n of notices) ctx.notify.error(n);
      return false;
    },
  };
}
export type SenderService = ReturnType<typeof createSenderService>;
