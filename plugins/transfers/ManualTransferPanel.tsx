// The manual transfer (agent-workspace §2 "Manual transfer: agent autocomplete and an Internal Transfer button",
// §4 Internal transfer, §5, §9): a combobox over the call centre's callable colleagues (ARIA 1.2 combobox with a
// list: arrows move through the matches, Enter or a click chooses, Escape closes), and Internal Transfer, pressable
// once a colleague is chosen and a lead is current, not while a press runs nor for 30 s after a transfer. The
// matches float in a popover, so the panel stays one row high (about 4 columns × 3 rows at 1366×768).
import { Button, InputGroup, PopoverNext } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useEffect, useId, useState, type KeyboardEvent } from "react";
import { AGENT_QUERY_MAX } from "../../src/contract/agents";
import { onSuggestionKey, SuggestionList, suggestionId, usePlugin } from "../../src/sdk";
import type { Colleague, ManualTransfer } from "./manual";
import type { TransfersStore } from "./model";
import "./transfers.css";

const ManualTransferPanel = observer(function ManualTransferPanel() {
  const { api, ctx } = usePlugin<TransfersStore, { manual: ManualTransfer }>();
  const { t } = ctx;
  const manual = api.manual;
  const { state } = manual;
  const ids = useId();
  const inputId = `${ids}-agent`;
  const listId = `${ids}-matches`;
  const hintId = `${ids}-hint`;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const matches = state.matches;
  useEffect(() => setActive(-1), [matches]);
  const shown = open && matches.length > 0 && !state.chosen;
  const optionId = (i: number) => suggestionId(listId, i);

  const label = (c: Colleague) => {
    const role = t(`manual.roles.${c.role}`);
    return c.extension
      ? t("manual.option", { name: c.full_name, extension: c.extension, role })
      : t("manual.option_no_extension", { name: c.full_name, role });
  };
  const choose = (c: Colleague) => {
    manual.choose(c);
    setOpen(false);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) =>
    onSuggestionKey(e, {
      count: matches.length,
      shown,
      active,
      setActive,
      setOpen,
      choose: (i) => choose(matches[i]!),
    });

  const blocked = manual.blocked();
  // What keeps the button off, when it is worth saying: the pause's seconds left, or no lead to transfer.
  const hint =
    state.remaining > 0
      ? t("manual.wait", { seconds: state.remaining })
      : manual.leadId() === null
        ? t("manual.no_lead")
        : blocked === "ringing"
          ? t("manual.ringing")
          : "";
  // The lead was handed over but the colleague's phone did not take the call: the agent still has the caller.
  const handover = ctx.call.current.transfer;
  const callStayed =
    handover?.kind === "internal" &&
    handover.outcome !== null &&
    handover.outcome !== "completed" &&
    ctx.call.current.active
      ? t("manual.call_not_moved", { name: handover.name ?? "" })
      : "";
  const said =
    callStayed ||
    (state.search === "loading"
      ? t("manual.searching")
      : state.search === "failed"
        ? t("manual.search_failed")
        : state.search === "ready" && matches.length === 0
          ? t("manual.no_match")
          : "");

  const list = (
    <SuggestionList
      id={listId}
      label={t("manual.matches")}
      items={matches}
      active={active}
      keyOf={(c) => c.id}
      onActive={setActive}
      onChoose={choose}
    >
      {label}
    </SuggestionList>
  );

  return (
    <div className="transfers">
      <div className="transfers__row">
        <label htmlFor={inputId} style={{ margin: 0 }}>
          {t("manual.agent")}
        </label>
        <PopoverNext
          content={list}
          isOpen={shown}
          placement="bottom-start"
          arrow={false}
          matchTargetWidth
          autoFocus={false}
          enforceFocus={false}
          shouldReturnFocusOnClose={false}
          onInteraction={(next) => {
            if (!next) setOpen(false);
          }}
          renderTarget={({ ref }) => (
            <div ref={ref} className="transfers__field">
              <InputGroup
                id={inputId}
                role="combobox"
                aria-autocomplete="list"
                aria-expanded={shown}
                aria-controls={shown ? listId : undefined}
                aria-activedescendant={shown && active >= 0 ? optionId(active) : undefined}
                autoComplete="off"
                maxLength={AGENT_QUERY_MAX}
                placeholder={t("manual.placeholder")}
                value={state.query}
                onChange={(e) => {
                  manual.type(e.currentTarget.value);
                  setOpen(true);
                }}
                onKeyDown={onKeyDown}
                onBlur={() => setOpen(false)}
                fill
              />
            </div>
          )}
        />
        <div className="transfers__buttons">
          <Button
            intent="primary"
            icon="exchange"
            text={t("manual.transfer")}
            disabled={blocked !== null}
            aria-describedby={hint ? hintId : undefined}
            onClick={() => void manual.transfer()}
          />
        </div>
      </div>
      <p className="transfers__idle" role="status">
        {said}
      </p>
      {hint && (
        <p className="transfers__idle" id={hintId}>
          {hint}
        </p>
      )}
    </div>
  );
});

export default ManualTransferPanel;
