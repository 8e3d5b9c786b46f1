// The manager's side: any lead of the call centre, picked by name or phone from the gateway's lead search, for
// one agent picked by name or for the lead's own rules only (issue 33: managers typed numeric ids before).
// The lead field is an ARIA 1.2 combobox with a list, as the manual transfer's agent field: the suggestions
// follow the typing after a pause, arrows move through them, Enter or a click chooses, Escape closes.
import { Button, FormGroup, InputGroup } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import {
  onSuggestionKey,
  Select,
  SuggestionList,
  suggestionId,
  usePlugin,
  type ClockTimer,
} from "../../src/sdk";
import type { AgentChoice, LeadChoice, LeadExplainApi } from "./api";
import { LEAD_SEARCH_MAX, LEAD_SEARCH_MIN } from "./choices";
import type { LeadExplainStore } from "./model";

/** The pause after the last key before the leads are searched. */
export const LEAD_SEARCH_PAUSE_MS = 300;

type Search = "idle" | "waiting" | "loading" | "ready" | "failed";

export const ManagerForm = observer(function ManagerForm({
  store,
  api,
}: {
  store: LeadExplainStore;
  api: LeadExplainApi;
}) {
  const { t } = useTranslation("lead-explain");
  const { ctx } = usePlugin();
  const ids = useId();
  const leadField = `${ids}-lead`;
  const listId = `${ids}-matches`;
  const agentField = `${ids}-agent`;
  const optionId = (i: number) => suggestionId(listId, i);

  const [text, setText] = useState("");
  const [matches, setMatches] = useState<LeadChoice[]>([]);
  const [search, setSearch] = useState<Search>("idle");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [chosen, setChosen] = useState<LeadChoice | null>(null);
  const [checked, setChecked] = useState(false);
  const [agents, setAgents] = useState<AgentChoice[]>([]);
  const [agentsFailed, setAgentsFailed] = useState(false);
  const [agentId, setAgentId] = useState("");

  // Each search's number: an answer to an older one is dropped.
  const searches = useRef(0);
  const timer = useRef<ClockTimer | null>(null);
  const stopTimer = () => {
    if (timer.current) ctx.clock.clearTimeout(timer.current);
    timer.current = null;
  };
  // A search still waiting when the form goes is never sent.
  useEffect(() => () => (timer.current ? ctx.clock.clearTimeout(timer.current) : undefined), [ctx.clock]);

  useEffect(() => {
    let live = true;
    api.agents().then(
      (list) => live && setAgents(list),
      () => live && setAgentsFailed(true),
    );
    return () => {
      live = false;
    };
  }, [api]);

  const type = (value: string) => {
    setText(value);
    setChosen(null);
    setActive(-1);
    setOpen(true);
    stopTimer();
    const mine = ++searches.current;
    if (value.trim().length < LEAD_SEARCH_MIN) {
      setMatches([]);
      setSearch("idle");
      return;
    }
    setSearch("waiting");
    timer.current = ctx.clock.setTimeout(() => {
      timer.current = null;
      setSearch("loading");
      api.findLeads(value.trim()).then(
        (found) => {
          if (mine !== searches.current) return;
          setMatches(found);
          setSearch("ready");
        },
        () => {
          if (mine !== searches.current) return;
          setMatches([]);
          setSearch("failed");
        },
      );
    }, LEAD_SEARCH_PAUSE_MS);
  };

  const nameOf = (l: LeadChoice) => l.name || t("manager.unnamed", { id: l.id });
  const label = (l: LeadChoice) =>
    l.state
      ? t("manager.lead_option", { name: nameOf(l), phone: l.phone, state: l.state })
      : t("manager.lead_option_no_state", { name: nameOf(l), phone: l.phone });
  const choose = (l: LeadChoice) => {
    searches.current++;
    stopTimer();
    setChosen(l);
    setText(nameOf(l));
    setOpen(false);
    setSearch("idle");
  };

  const shown = open && !chosen && matches.length > 0;
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) =>
    onSuggestionKey(e, {
      count: matches.length,
      shown,
      active,
      setActive,
      setOpen,
      choose: (i) => choose(matches[i]!),
    });

  const leadBad = checked && !chosen;
  const said =
    search === "loading"
      ? t("manager.searching")
      : search === "failed"
        ? t("manager.search_failed")
        : search === "ready" && !chosen && matches.length === 0
          ? t("manager.no_match")
          : "";
  const agent = agents.find((a) => String(a.id) === agentId) ?? null;

  return (
    <form
      className="lead-explain__form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        setChecked(true);
        if (!chosen) return;
        void api.explain(chosen.id, agent?.id ?? null, { lead: nameOf(chosen), agent: agent?.name ?? null });
      }}
    >
      <FormGroup
        label={t("manager.lead")}
        labelFor={leadField}
        intent={leadBad ? "danger" : "none"}
        helperText={leadBad ? t("manager.choose_lead") : said || undefined}
      >
        <div className="lead-explain__combobox">
          <InputGroup
            id={leadField}
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={shown}
            aria-controls={shown ? listId : undefined}
            aria-activedescendant={shown && active >= 0 ? optionId(active) : undefined}
            autoComplete="off"
            maxLength={LEAD_SEARCH_MAX}
            placeholder={t("manager.lead_placeholder")}
            value={text}
            intent={leadBad ? "danger" : "none"}
            onChange={(e) => type(e.currentTarget.value)}
            onKeyDown={onKeyDown}
            onBlur={() => setOpen(false)}
          />
          {shown && (
            <SuggestionList
              id={listId}
              label={t("manager.suggestions")}
              items={matches}
              active={active}
              keyOf={(l) => l.id}
              onActive={setActive}
              onChoose={choose}
            >
              {label}
            </SuggestionList>
          )}
        </div>
      </FormGroup>
      <FormGroup
        label={t("manager.agent")}
        labelFor={agentField}
        helperText={agentsFailed ? t("manager.agents_failed") : t("manager.agent_help")}
      >
        <Select id={agentField} value={agentId} onChange={(e) => setAgentId(e.currentTarget.value)}>
          <option value="">{t("manager.no_agent")}</option>
          {agents.map((a) => (
            <option key={a.id} value={String(a.id)}>
              {a.name}
            </option>
          ))}
        </Select>
      </FormGroup>
      <Button type="submit" intent="primary" icon="search" disabled={store.state === "loading"}>
        {t("manager.explain")}
      </Button>
    </form>
  );
});
