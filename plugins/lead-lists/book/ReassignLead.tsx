// Who owns the lead, and giving it to another agent of the call centre or back to the pool (PUT
// /lead-book/leads/{id}/owner). The agents are the call centre's active qualifiers and advisors (GET /agents), 100
// at once, a search box narrowing them past that. A refusal says why: an agent working the lead right now (409),
// someone who is not an active agent (422, at the select).
import { Button, Callout, FormGroup, H3, InputGroup } from "@blueprintjs/core";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { AgentListItem } from "../../../src/contract/agents";
import { Select, usePlugin } from "../../../src/sdk";
import { AGENTS_AT_ONCE, refusalOf, type BookClient } from "./client";
import type { BookLead } from "./contract";

/** The select's value for "Back to the pool". */
const POOL = "pool";

export default function ReassignLead({
  row,
  client,
  onReassigned,
}: {
  row: BookLead;
  client: BookClient;
  onReassigned(ownerId: number | null, owner: string | null): void;
}) {
  const { ctx } = usePlugin();
  const { t } = useTranslation("lead-lists");
  const id = useId();
  const [agents, setAgents] = useState<AgentListItem[] | null>(null);
  const [total, setTotal] = useState(0);
  const [failed, setFailed] = useState<string | null>(null);
  const [find, setFind] = useState("");
  const [choice, setChoice] = useState("");
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  /** Answers to an older search of agents are dropped. */
  const turn = useRef(0);

  useEffect(() => {
    const mine = ++turn.current;
    void client.agents(find.trim() || undefined).then((r) => {
      if (mine !== turn.current) return;
      if (r.ok) {
        // A deactivated agent takes no lead (the gateway would refuse it).
        setAgents(r.data.data.filter((a) => !a.deactivated));
        setTotal((was) => (find.trim() ? was : r.data.meta.total));
        setFailed(null);
      } else setFailed(refusalOf(t, ctx.language, r).message);
    });
  }, [client, ctx, find, t]);

  const options = (agents ?? []).filter((a) => a.id !== row.owner_id);
  const agentOf = (value: string) => options.find((a) => String(a.id) === value);
  const label = (a: AgentListItem) =>
    a.extension
      ? t("book.reassign.option_ext", {
          name: a.full_name,
          role: t(`book.reassign.roles.${a.role}`),
          extension: a.extension,
        })
      : t("book.reassign.option", { name: a.full_name, role: t(`book.reassign.roles.${a.role}`) });

  const submit = async () => {
    if (!choice) return;
    const agent = choice === POOL ? null : (agentOf(choice) ?? null);
    if (choice !== POOL && !agent) return;
    setBusy(true);
    setRefused(null);
    setFieldError(null);
    const r = await client.reassign(row.id, agent?.id ?? null);
    setBusy(false);
    if (r.ok) {
      setChoice("");
      ctx.notify.success(
        agent ? t("book.reassign.done", { name: agent.full_name }) : t("book.reassign.done_pool"),
      );
      onReassigned(r.data.data.owner_id, agent?.full_name ?? null);
      return;
    }
    const refusal = refusalOf(t, ctx.language, r);
    if (refusal.fields.agent_id) setFieldError(refusal.fields.agent_id);
    else setRefused(refusal.message);
  };

  return (
    <section className="lead-book__section" aria-labelledby={`${id}-title`}>
      <H3 id={`${id}-title`} className="lead-book__section-title">
        {t("book.reassign.title")}
      </H3>
      <p className="lead-book__owner">
        {row.owner ? t("book.reassign.owner", { name: row.owner }) : t("book.reassign.pooled")}
      </p>
      {failed ? (
        <Callout intent="warning" compact>
          {t("book.reassign.failed")}
          {failed && ` ${failed}`}
        </Callout>
      ) : (
        <div className="lead-book__reassign">
          {total > AGENTS_AT_ONCE && (
            <FormGroup className="lead-book__field" label={t("book.reassign.find")} labelFor={`${id}-find`}>
              <InputGroup
                id={`${id}-find`}
                type="search"
                leftIcon="search"
                value={find}
                onChange={(e) => setFind(e.currentTarget.value)}
              />
            </FormGroup>
          )}
          <FormGroup
            className="lead-book__field"
            label={t("book.reassign.agent")}
            labelFor={`${id}-agent`}
            intent={fieldError ? "danger" : "none"}
            helperText={fieldError}
          >
            <Select
              id={`${id}-agent`}
              fill
              value={choice}
              disabled={agents === null}
              onChange={(e) => {
                setChoice(e.currentTarget.value);
                setFieldError(null);
                setRefused(null);
              }}
            >
              <option value="">{t("book.reassign.choose")}</option>
              {row.owner_id !== null && <option value={POOL}>{t("book.reassign.pool")}</option>}
              {options.map((a) => (
                <option key={a.id} value={String(a.id)}>
                  {label(a)}
                </option>
              ))}
            </Select>
          </FormGroup>
          <Button
            icon="swap-horizontal"
            text={t("book.reassign.submit")}
            disabled={!choice}
            loading={busy}
            onClick={() => void submit()}
          />
        </div>
      )}
      {refused && (
        <Callout intent="warning" compact role="alert" className="lead-book__refusal">
          {refused}
        </Callout>
      )}
    </section>
  );
}
