// What a manager does to an agent from its row on the wall: a message to that agent, calling disabled or enabled
// again, the agent set offline with a reason it reads, and a stuck call ended, each confirmed first; and the
// actions other plugins offer on an agent (`agentActions`: the users area's statistics and callable states). The
// row itself follows from the gateway's pushes, so nothing here changes the wall by hand.
import {
  Alert,
  Button,
  Callout,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  Menu,
  MenuDivider,
  MenuItem,
  PopoverNext,
  TextArea,
} from "@blueprintjs/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { NOTIFICATION_MESSAGE_MAX, NOTIFICATION_MESSAGE_MIN } from "../../src/contract/notifications";
import { AgentActionDialog, AgentActionItems, Select, usePlugin, type AgentRef } from "../../src/sdk";
import type { FloorApi } from "./api";
import type { FloorAgent } from "./contract";

type Open = "message" | "offline" | "calling" | "end" | null;
type MessageType = "success" | "warning" | "error";

/** A message as the gateway takes it: 10 to 100 characters once trimmed. */
const fits = (text: string) => text.trim().length >= NOTIFICATION_MESSAGE_MIN && text.trim().length <= NOTIFICATION_MESSAGE_MAX;

function MessageDialog(p: {
  title: string;
  label: string;
  withType: boolean;
  confirm: string;
  onSend(text: string, type: MessageType): Promise<boolean>;
  onClose(): void;
}) {
  const { t } = useTranslation("floor");
  const [text, setText] = useState("");
  const [type, setType] = useState<MessageType>("warning");
  const [sending, setSending] = useState(false);
  const [failed, setFailed] = useState(false);
  const send = async () => {
    setSending(true);
    setFailed(false);
    const ok = await p.onSend(text.trim(), type);
    setSending(false);
    if (ok) p.onClose();
    else setFailed(true);
  };
  return (
    <Dialog isOpen title={p.title} onClose={p.onClose} className="floor__action-dialog">
      <DialogBody>
        <FormGroup
          label={p.label}
          labelFor="floor-action-text"
          helperText={t("actions.length", { min: NOTIFICATION_MESSAGE_MIN, max: NOTIFICATION_MESSAGE_MAX, count: text.trim().length })}
        >
          <TextArea id="floor-action-text" fill autoFocus value={text} maxLength={NOTIFICATION_MESSAGE_MAX + 20} onChange={(e) => setText(e.target.value)} />
        </FormGroup>
        {p.withType && (
          <FormGroup label={t("actions.type")} labelFor="floor-action-type">
            <Select
              id="floor-action-type"
              value={type}
              onChange={(e) => setType(e.target.value as MessageType)}
              options={(["success", "warning", "error"] as const).map((v) => ({ value: v, label: t(`actions.types.${v}`) }))}
            />
          </FormGroup>
        )}
        {failed && (
          <Callout intent="danger" role="alert">
            {t("actions.failed")}
          </Callout>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t("actions.cancel")} onClick={p.onClose} />
            <Button intent="primary" text={p.confirm} disabled={!fits(text)} loading={sending} onClick={() => void send()} />
          </>
        }
      />
    </Dialog>
  );
}

export function AgentActions({ agent }: { agent: FloorAgent }) {
  const { ctx, api } = usePlugin<unknown, FloorApi>();
  const { t } = useTranslation("floor");
  const [open, setOpen] = useState<Open>(null);
  const [busy, setBusy] = useState(false);
  // Another plugin's action on this agent (the users area's statistics, callable states…), drawn in its scope.
  const [other, setOther] = useState<Parameters<typeof AgentActionDialog>[0]["action"] | null>(null);
  const close = () => setOpen(null);
  const name = agent.name;
  const ref: AgentRef = { id: agent.agent_id, name, role: agent.role, onCall: agent.call?.status === "answered" };

  /** A confirmed action: its success said in a toast, its refusal too (the gateway's message when it has one). */
  const act = async (run: () => Promise<{ ok: boolean }>, done: string) => {
    setBusy(true);
    const r = await run();
    setBusy(false);
    close();
    if (r.ok) ctx.notify.success(done);
    else ctx.notify.error(t("actions.failed"));
  };

  return (
    <>
      <PopoverNext
        placement="bottom-start"
        // The menu opens a dialog that takes the focus: the menu's closing must not hand it back to this button.
        shouldReturnFocusOnClose={false}
        content={
          <Menu aria-label={t("actions.menu", { name })}>
            <MenuItem icon="chat" text={t("actions.message")} onClick={() => setOpen("message")} />
            <MenuItem
              icon={agent.calling_disabled ? "play" : "pause"}
              text={t(agent.calling_disabled ? "actions.enable_calling" : "actions.disable_calling")}
              onClick={() => setOpen("calling")}
            />
            <MenuItem
              icon="offline"
              text={t("actions.offline")}
              disabled={agent.status === "offline" || agent.status === "on_a_call"}
              onClick={() => setOpen("offline")}
            />
            <AgentActionItems agent={ref} onOpen={setOther} />
            <MenuDivider />
            <MenuItem icon="phone" intent="danger" text={t("actions.end_call")} disabled={!agent.call} onClick={() => setOpen("end")} />
          </Menu>
        }
      >
        <Button size="small" variant="minimal" icon="more" aria-label={t("actions.open", { name })} />
      </PopoverNext>
      {other && <AgentActionDialog action={other} agent={ref} onClose={() => setOther(null)} />}
      {open === "message" && (
        <MessageDialog
          title={t("actions.message_title", { name })}
          label={t("actions.message_label")}
          withType
          confirm={t("actions.send")}
          onClose={close}
          onSend={async (message, type) => {
            const r = await api.notify(agent.agent_id, message, type);
            if (r.ok) ctx.notify.success(t("actions.sent", { name }));
            return r.ok;
          }}
        />
      )}
      {open === "offline" && (
        <MessageDialog
          title={t("actions.offline_title", { name })}
          label={t("actions.offline_label")}
          withType={false}
          confirm={t("actions.offline_confirm")}
          onClose={close}
          onSend={async (reason) => {
            const r = await api.setOffline(agent.agent_id, reason);
            if (r.ok) ctx.notify.success(t("actions.offline_done", { name }));
            return r.ok;
          }}
        />
      )}
      <Alert
        isOpen={open === "calling"}
        intent={agent.calling_disabled ? "primary" : "warning"}
        icon={agent.calling_disabled ? "play" : "pause"}
        confirmButtonText={t(agent.calling_disabled ? "actions.enable_calling" : "actions.disable_calling")}
        cancelButtonText={t("actions.cancel")}
        loading={busy}
        onCancel={close}
        onConfirm={() =>
          void act(
            () => api.setCallingDisabled(agent.agent_id, !agent.calling_disabled),
            t(agent.calling_disabled ? "actions.calling_enabled" : "actions.calling_disabled", { name }),
          )
        }
      >
        <p>{t(agent.calling_disabled ? "actions.enable_calling_confirm" : "actions.disable_calling_confirm", { name })}</p>
      </Alert>
      <Alert
        isOpen={open === "end"}
        intent="danger"
        icon="phone"
        confirmButtonText={t("actions.end_call")}
        cancelButtonText={t("actions.cancel")}
        loading={busy}
        onCancel={close}
        onConfirm={() => void act(() => api.endCall(agent.agent_id), t("actions.call_ended", { name }))}
      >
        <p>{t("actions.end_call_confirm", { name, lead: agent.call?.lead_name ?? t("call.unknown_lead") })}</p>
      </Alert>
    </>
  );
}
