// Distribute follow-ups (admin-and-sign-in §2, §4, §7): the agent's pending follow-ups go to general
// callbacks or to one chosen agent of the call centre. Irreversible, so Save asks for a confirmation; Save
// needs a target (general callbacks, or an agent picked in the search).
import { Alert, FormGroup, InputGroup, Menu, MenuItem, Radio, RadioGroup } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useEffect, useState } from "react";
import type { AgentListItem } from "../../../src/contract/agents";
import { RowDialog, useRowDialog } from "./RowDialog";

type Target = "callbacks" | "agent" | null;

export const FollowUpsDialog = observer(function FollowUpsDialog(p: { agent: AgentListItem; onClose(): void; onChanged(): void }) {
  const { agent } = p;
  const { state, save, calls, t } = useRowDialog(async () => {}, p.onChanged, p.onClose);
  const [target, setTarget] = useState<Target>(null);
  const [query, setQuery] = useState("");
  const [found, setFound] = useState<AgentListItem[]>([]);
  const [chosen, setChosen] = useState<AgentListItem | null>(null);
  const [confirming, setConfirming] = useState(false);

  // The agent search (GET /agents): the call centre's agents of the same role, the source agent left out.
  useEffect(() => {
    if (target !== "agent" || chosen) return;
    let live = true;
    calls.findAgents(query.trim(), agent.role).then(
      (rows) => live && setFound(rows.filter((r) => r.id !== agent.id)),
      () => live && setFound([]),
    );
    return () => {
      live = false;
    };
  }, [target, query, chosen, calls, agent.id, agent.role]);

  const ready = target === "callbacks" || (target === "agent" && chosen !== null);
  const to = target === "agent" ? (chosen?.id ?? null) : null;
  return (
    <>
      <RowDialog
        title={t("dialogs.follow_ups.title", { name: agent.full_name })}
        state={state}
        onClose={p.onClose}
        canSave={ready}
        saveText={t("dialogs.follow_ups.save")}
        onSave={() => setConfirming(true)}
      >
        <p>{t("dialogs.follow_ups.help")}</p>
        <RadioGroup label={t("dialogs.follow_ups.target")} selectedValue={target ?? undefined} onChange={(e) => setTarget(e.currentTarget.value as Target)}>
          <Radio value="callbacks" label={t("dialogs.follow_ups.callbacks")} />
          <Radio value="agent" label={t("dialogs.follow_ups.agent")} />
        </RadioGroup>
        {target === "agent" && (
          <FormGroup label={t("dialogs.follow_ups.search")} labelFor={`follow-ups-agent-${agent.id}`}>
            <InputGroup
              id={`follow-ups-agent-${agent.id}`}
              type="search"
              leftIcon="search"
              value={chosen ? chosen.full_name : query}
              onValueChange={(v) => {
                setChosen(null);
                setQuery(v);
              }}
            />
            {!chosen && (
              <Menu aria-label={t("dialogs.follow_ups.matches")}>
                {found.length === 0 && <MenuItem disabled text={t("dialogs.follow_ups.no_match")} />}
                {found.map((a) => (
                  <MenuItem key={a.id} text={a.full_name} label={a.extension ?? ""} onClick={() => setChosen(a)} />
                ))}
              </Menu>
            )}
          </FormGroup>
        )}
      </RowDialog>
      <Alert
        isOpen={confirming}
        intent="warning"
        icon="warning-sign"
        confirmButtonText={t("dialogs.yes")}
        cancelButtonText={t("dialogs.cancel")}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          void save(
            (c) => c.redistribute(agent.id, to),
            t("dialogs.follow_ups.done"),
          );
        }}
      >
        <p>
          {to === null
            ? t("dialogs.follow_ups.confirm_callbacks", { name: agent.full_name })
            : t("dialogs.follow_ups.confirm_agent", { name: agent.full_name, to: chosen?.full_name })}
        </p>
      </Alert>
    </>
  );
});
