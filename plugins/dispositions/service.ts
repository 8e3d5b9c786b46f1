// The disposition flow (agent-workspace §4 Dispositions): what the panel shows for the current lead, and the
// one writer of POST /leads/{id}/dispositions: one idempotency key per attempt (retried on the clock), the
// lead leaves the stack, `dispositionSaved` is raised; from the panel, the agent then goes on (ready) or
// stops (after-call work).
import { createDisposition, DISPOSITIONS, notesRequired, type ReasonKind } from "../../src/contract/dispositions";
import { keepPrintable } from "../../src/contract/text";
import { callEndpoint, idempotencyKey, type LeadView, type PluginContext } from "../../src/sdk";
import { dispositionSaved, type DispositionsApi, type SaveOutcome } from "./api";
import type { DispositionsConfig } from "./config";
import type { Attempt, DispositionsStore } from "./model";
import { dispositionOptions, factsOf, reasonKindOf, reasonOptions, type Option } from "./options";
import { buildBody } from "./payload";
import { utcDay } from "./picker";
import {
  dobOk,
  isCallback,
  nextBlockers,
  reasonRequired,
  stopBlockers,
  validate,
  type Blocker,
  type DraftValues,
  type Field,
  type FieldErrors,
} from "./rules";

export type SaveMode = "next" | "stop";

/** Everything the panel draws for the current lead. */
export interface PanelView {
  lead: LeadView;
  draft: DraftValues;
  /** A flow set the disposition and the agent may not change it. */
  locked: boolean;
  /** False while saving, while a failed save waits to be sent again, while a flow holds it, once disposed. */
  editable: boolean;
  options: Option[];
  reasons: Option[];
  reasonKind: ReasonKind | null;
  reasonRequired: boolean;
  /** Notes explain a qualifier's Dead (agent-workspace §5). */
  notesRequired: boolean;
  callback: boolean;
  errors: FieldErrors;
  serverErrors: Partial<Record<Field, string>>;
  dobOk: boolean;
  blockers: Record<SaveMode, Blocker[]>;
  /** Why another flow holds the lead's disposition (translated), or null. */
  held: string | null;
  /** The reason a status guard keeps Ready away (translated), or null: Save and Next would ask for Ready. */
  readyBlocked: string | null;
  saving: boolean;
  failure: { retryable: boolean; message: string | null } | null;
  previous: { disposition: string; by: string | null } | null;
  /** Today in UTC (YYYY-MM-DD), for the callback picker. */
  today: string;
}

/** The panel's face of the service; other plugins see only {@link DispositionsApi}. */
export interface DispositionsService extends DispositionsApi {
  /** The current lead's form, or null when there is no lead to dispose. */
  view(): PanelView | null;
  edit(patch: Partial<DraftValues>): void;
  /** The panel's Save & Next / Save & Stop. */
  saveAnd(mode: SaveMode): Promise<void>;
}

/** The gateway's field names (422 `errors`) → the panel's fields. */
const WIRE_FIELDS: Record<string, Field> = {
  "disposition.disposition": "disposition",
  "disposition.reason": "reason",
  "disposition.reason_other": "reasonOther",
  "disposition.notes": "notes",
  "disposition.date_time": "dateTime",
  "disposition.sold": "sold",
  "disposition.sold.coverage_amount": "sold",
  "disposition.sold.premium_amount": "sold",
  "disposition.sold.policy_number": "sold",
  "disposition.sold.plan_type": "sold",
  "disposition.exception": "exception",
  "disposition.exception.manager_email": "exception",
  "disposition.exception.reason": "exception",
};

export function createDispositionsService(
  ctx: PluginContext<DispositionsStore, DispositionsConfig>,
): DispositionsService {
  const { store, leads, call, agent, status } = ctx;
  const facts = factsOf(agent, ctx.variant.code);
  const isAdvisor = agent.roles.includes("advisor");

  /** The call of this lead, if the agent's current call is on it. */
  const callOf = (leadId: number) => (call.current.currentLeadId === leadId ? call.current : null);
  const markOf = (leadId: number, callId: number | null | undefined) =>
    callId == null ? null : `${leadId}:${callId}`;

  const view = (): PanelView | null => {
    const lead = leads.current;
    if (!lead) return null;
    const today = utcDay(ctx.clock.now());
    const { preset, ...draft } = store.draftOf(lead.id);
    const presetHere = preset && preset.disposition === draft.disposition ? preset : null;
    const options = dispositionOptions(facts, preset?.disposition ?? null);
    const reasons = draft.disposition
      ? reasonOptions(draft.disposition, facts, presetHere?.reason ?? null)
      : [];
    const errors = validate(draft, {
      roles: agent.roles,
      options: options.map((o) => o.value),
      reasons: reasons.map((o) => o.value),
      today,
    });
    const leadCall = callOf(lead.id);
    const mark = markOf(lead.id, leadCall?.callId);
    const saving = store.phase === "saving";
    const done = mark !== null && store.done.includes(mark);
    const held = store.heldBy(lead.id);
    const readyBlocked = status.readyBlocked;
    const situation = {
      dobOk: lead.clients.every((c) => dobOk(c.dob, today)),
      readyBlocked: readyBlocked !== null,
      awaitingDisposition: leads.awaitingDisposition,
      deactivated: status.deactivated,
      saving,
      // The lead's own call is still up, or the agent is on another call: the disposition waits for hangup.
      callActive: (leadCall?.active ?? false) || ["dialing", "answered"].includes(call.current.status),
      held: held !== null,
      done,
    };
    const failed = store.failureOf(lead.id);
    return {
      lead,
      draft,
      locked: presetHere?.locked === true,
      editable: !store.attempts.has(String(lead.id)) && !done && held === null,
      options,
      reasons,
      reasonKind: reasonKindOf(draft.disposition),
      reasonRequired: reasonRequired(draft.disposition, reasons),
      notesRequired: notesRequired(draft.disposition, agent.roles),
      callback: isCallback(draft.disposition),
      errors,
      serverErrors: failed ? store.fieldErrors : {},
      dobOk: situation.dobOk,
      blockers: { next: nextBlockers(errors, situation), stop: stopBlockers(errors, situation) },
      held,
      readyBlocked,
      saving,
      failure: failed ? { retryable: store.retryable, message: store.message } : null,
      // Advisors see how the qualifier left the lead, when the variant wants it (agent-workspace §4).
      previous:
        ctx.config.showPreviousToAdvisors &&
        isAdvisor &&
        (DISPOSITIONS as readonly string[]).includes(lead.status)
          ? { disposition: lead.status, by: lead.qualifierName }
          : null,
      today,
    };
  };

  /**
   * Every disposition goes out here: one POST per attempt, its key reused by the automatic retries. A saved
   * outcome closes the lead (the panel counts its call as disposed, the lead leaves the stack); a moved
   * follow-up is no outcome and leaves the stack as it is.
   */
  const write = async (attempt: Attempt): Promise<SaveOutcome> => {
    const outcome = await callEndpoint(ctx, createDisposition, {
      params: { id: attempt.leadId },
      body: attempt.body,
      idempotencyKey: attempt.key,
    });
    if (outcome.ok) {
      const { leadId, body } = attempt;
      const disposition = body.disposition.disposition;
      const rescheduled = body.disposition.reschedule_followup === true;
      if (!rescheduled) {
        store.closed(leadId, markOf(leadId, body.call_id));
        leads.disposed(leadId, disposition);
      }
      ctx.events.emit(dispositionSaved, { leadId, disposition, rescheduled });
    }
    return { ...outcome, key: attempt.key };
  };

  /** The panel's save; Save & Next then asks for Ready (the auto-dial loop follows the recorded status). */
  const saveAnd = async (mode: SaveMode) => {
    const v = view();
    if (!v || v.blockers[mode].length > 0) return;
    const leadId = v.lead.id;
    const leadCall = callOf(leadId);
    // A transient failure left its attempt: send exactly that again, under the same key.
    const attempt: Attempt = store.attempts.get(String(leadId)) ?? {
      leadId,
      key: idempotencyKey(),
      body: buildBody(v.draft, {
        reasons: v.reasons.map((r) => r.value),
        callId: leadCall?.callId ?? null,
        shortCall: leadCall?.shortCall ?? false,
      }),
    };
    store.saving(attempt);
    const outcome = await write(attempt);
    if (!outcome.ok) {
      const fieldErrors: Partial<Record<Field, string>> = {};
      for (const [wire, messages] of Object.entries(outcome.errors)) {
        const field = WIRE_FIELDS[wire];
        if (field && messages[0]) fieldErrors[field] = messages[0];
      }
      store.failed(leadId, { retryable: outcome.retryable, message: outcome.message, fieldErrors });
      ctx.notify.error(ctx.t("notify.failed"));
      return;
    }
    store.saved();
    ctx.notify.success(ctx.t("notify.saved"));
    // A refused change is shown by the core's status flow. Stop means stop: no auto-ready into a dial.
    await (mode === "next" ? status.request("ready") : status.stayInAfterCallWork()).catch(() => {});
  };

  return {
    get saving() {
      return store.phase === "saving";
    },
    preset(leadId, preset) {
      store.preset(leadId, preset);
    },
    clearPreset(leadId, disposition) {
      store.clearPreset(leadId, disposition);
    },
    recorded(leadId, disposition) {
      // The same mark as the panel's save of this call: a lead saved either way is closed once.
      const mark = markOf(leadId, callOf(leadId)?.callId) ?? `${leadId}:gateway`;
      if (store.done.includes(mark)) return;
      store.closed(leadId, mark);
      // A failed save of this lead waits no more: the gateway has its disposition.
      if (store.leadId === leadId && store.phase === "failed") store.saved();
      leads.disposed(leadId, disposition);
      ctx.events.emit(dispositionSaved, { leadId, disposition, rescheduled: false });
    },
    save: (leadId, body, options = {}) => write({ leadId, body, key: options.key ?? idempotencyKey() }),
    reschedule: (followUp, dateTime, options = {}) =>
      write({
        leadId: followUp.leadId,
        key: options.key ?? idempotencyKey(),
        body: {
          disposition: {
            disposition: "Pocket",
            date_time: dateTime,
            // The gateway copies the disposition's notes onto the moved follow-up: keep the ones it had.
            notes: followUp.notes ?? "",
            reschedule_followup: true,
          },
        },
      }),
    hold(leadId, reason) {
      const id = store.hold(leadId, reason);
      return () => store.release(id);
    },
    view,
    edit(patch) {
      const v = view();
      if (!v || !v.editable) return;
      const clean = { ...patch };
      if (v.locked) {
        delete clean.disposition;
        delete clean.reason;
      }
      if (clean.notes !== undefined) clean.notes = keepPrintable(clean.notes);
      if (clean.reasonOther !== undefined) clean.reasonOther = keepPrintable(clean.reasonOther);
      store.edit(v.lead.id, clean);
    },
    saveAnd,
  };
}
