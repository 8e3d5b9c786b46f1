// Call events spoken to screen readers (issue 13, item 14): an agent who cannot see the softphone hears that
// a call is ringing in, dialling, connected or over, in its language, from one polite live region.
import { observer } from "mobx-react-lite";
import { useTranslation } from "react-i18next";
import type { CallModel } from "./CallModel";

/** What to say about the call now, as an i18n key and values; null when there is nothing to say. */
export function announcementOf(call: Pick<CallModel, "status" | "phone" | "name" | "callId">): { key: string; values: Record<string, string> } | null {
  if (call.callId === null) return null;
  const who = call.name || call.phone;
  switch (call.status) {
    case "incoming":
      return { key: "calls.announce.incoming", values: { who } };
    case "dialing":
      return { key: "calls.announce.dialing", values: { who } };
    case "answered":
      return { key: "calls.announce.answered", values: { who } };
    case "ended":
    case "not_answered":
      return { key: `calls.announce.${call.status}`, values: { who } };
    default:
      return null;
  }
}

export const CallAnnouncer = observer(function CallAnnouncer({ call }: { call: CallModel }) {
  const { t } = useTranslation();
  const said = announcementOf(call);
  return (
    <div className="isi-sr-only" role="log" aria-live="polite" aria-label={t("calls.announce.label")}>
      {said ? t(said.key, said.values) : ""}
    </div>
  );
});
