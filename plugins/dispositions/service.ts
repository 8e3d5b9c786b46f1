// The disposition flow (agent-workspace §4 Dispositions): what the panel shows for the current lead, and the
// save: POST under one idempotency key (retried on the clock), the lead leaves the stack, then the agent goes
// on (ready, auto-dial) or stops (after-call work).
import type { AxiosInstance } from "axios";
import { reaction } from "mobx";
import { CallingStatusPush } from "../../src/contract/socket";
import {
  DISPOSITIONS,
  notesRequired,
  type DispositionValue,
  type ReasonKind,
} from "../../src/contract/dispositions";
import { keepPrintable } from "../../src/contract/text";
import type { Clock } from "../../src/core/clock";
import type { EventBus } from "../../src/core/events";
import type {
  AgentInfo,
  CallControl,
  LeadsControl,
  LeadView,
  Notify,
  StatusControl,
} from "../../src/core/services";
import type { VoicemailDetectionApi } from "../voicemail-detection/api";
import type { DispositionsApi } from "./api";
import type { DispositionsConfig } from "./config";
import type { DispositionsStore } from "./model";
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
import { newIdempotencyKey, postDisposition, type Attempt } from "./save";

export type SaveMode = "next" | "stop";

/** Everything the panel draws for the current lead. */
export interface PanelView {
  lead: LeadView;
  draft: DraftValues;
  /** A flow set the disposition and the agent may not change it. */
  locked: boolean;
  /** False while saving, while a failed save waits to be sent again, and once disposed. */
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
  saving: boolean;
  failure: { retryable: boolean; message: string | null } | null;
  previous: { disposition: string; by: string | null } | null;
  /** Today in UTC (YYYY-MM-DD), for the callback picker. */
  today: string;
}

export interface DispositionsService extends DispositionsApi {
  /** The current lead's form, or null when there is no lead to dispose. */
  view(): PanelView | null;
  edit(patch: Partial<DraftValues>): void;
  save(mode: SaveMode): Promise<void>;
  dispose(): void;
}

/** The gateway's field names (422 `errors`) → the panel's fields. */
const WIRE_FIELDS: Record<string, Field> = {
  "disposition.disposition": "disposition",
  "disposition.reason": "reason",
  "disposition.reason_other": "reasonOther",
  "disposition.notes": "notes",
  "disposition.date_time": "dateTime",
};

/**
 * StatusControl has a setter for enforced overdue follow-ups but no reader yet; read one if the core
 * offers it (StatusModel.overdueFollowUps), else nothing is overdue.
 */
type WithOverdue = StatusControl & { readonly overdueFollowUps?: boolean };

export function createDispositionsService(deps: {
  store: DispositionsStore;
  http: AxiosInstance;
  clock: Clock;
  bus: EventBus;
  notify: Notify;
  status: StatusControl;
  call: CallControl;
  leads: LeadsControl;
  agent: AgentInfo;
  /** The variant's call-centre code (ISIUS, SLICA). */
  callCentre: string;
  config: DispositionsConfig;
  voicemail?: VoicemailDetectionApi;
  /** Translates a key of the plugin's namespace. */
  t: (key: string) => string;
  newKey?: () => string;
}): DispositionsService {
  const { store, leads, call, agent } = deps;
  const newKey = deps.newKey ?? newIdempotencyKey;
  const facts = factsOf(agent, deps.callCentre);
  const isAdvisor = agent.roles.includes("advisor");

  /** The call of this lead, if the agent's current call is on it. */
  const callOf = (leadId: number) => (call.current.currentLeadId === leadId ? call.current : null);
  const markOf = (leadId: number, callId: number | null | undefined) =>
    callId == null ? null : `${leadId}:${callId}`;

  const view = (): PanelView | null => {
    const lead = leads.current;
    if (!lead) return null;
    const today = utcDay(deps.clock.now());
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
    const situation = {
      dobOk: lead.clients.every((c) => dobOk(c.dob, today)),
      overdueFollowUps: (deps.status as WithOverdue).overdueFollowUps === true,
      awaitingDisposition: leads.awaitingDisposition,
      deactivated: store.deactivated,
      saving,
      // The lead's own call is still up, or the agent is on another call: the disposition waits for hangup.
      callActive: (leadCall?.active ?? false) || ["dialing", "answered"].includes(call.current.status),
      voicemailBusy: (deps.voicemail?.busy ?? false) && deps.voicemail?.state.leadId === lead.id,
      done,
    };
    const failed = store.failureOf(lead.id);
    return {
      lead,
      draft,
      locked: presetHere?.locked === true,
      editable: !store.attempts.has(String(lead.id)) && !done,
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
      saving,
      failure: failed ? { retryable: store.retryable, message: store.message } : null,
      // Advisors see how the qualifier left the lead, when the variant wants it (agent-workspace §4).
      previous:
        deps.config.showPreviousToAdvisors &&
        isAdvisor &&
        (DISPOSITIONS as readonly string[]).includes(lead.status)
          ? { disposition: lead.status, by: lead.qualifierName }
          : null,
      today,
    };
  };

  /**
   * Ready, then auto-dial. The core's status flow announces auto-dial when it applies ready; this says it
   * only when the core did not (a flow that learnt ready without announcing it) and the agent is ready.
   */
  const goOn = async () => {
    let announced = false;
    const heard = () => void (announced = true);
    const off = [deps.bus.on("auto-dial:start", heard), deps.bus.on("auto-dial:stop", heard)];
    try {
      await deps.status.request("ready");
    } catch {
      return; // the core shows its own refusal
    } finally {
      off.forEach((f) => f());
    }
    if (!announced && deps.status.current === "ready") deps.bus.emit("auto-dial:start", { status: "ready" });
  };

  const save = async (mode: SaveMode) => {
    const v = view();
    if (!v || v.blockers[mode].length > 0) return;
    const leadId = v.lead.id;
    const leadCall = callOf(leadId);
    // A transient failure left its attempt: send exactly that again, under the same key.
    const attempt: Attempt = store.attempts.get(String(leadId)) ?? {
      leadId,
      key: newKey(),
      body: buildBody(v.draft, {
        reasons: v.reasons.map((r) => r.value),
        callId: leadCall?.callId ?? null,
        shortCall: leadCall?.shortCall ?? false,
      }),
    };
    store.saving(attempt);
    const outcome = await postDisposition(deps.http, deps.clock, attempt);
    if (!outcome.ok) {
      const fieldErrors: Partial<Record<Field, string>> = {};
      for (const [wire, messages] of Object.entries(outcome.errors)) {
        const field = WIRE_FIELDS[wire];
        if (field && messages[0]) fieldErrors[field] = messages[0];
      }
      store.failed(leadId, { retryable: outcome.retryable, message: outcome.message, fieldErrors });
      deps.notify.error(deps.t("notify.failed"));
      return;
    }
    const disposition = attempt.body.disposition.disposition;
    store.saved(leadId, markOf(leadId, attempt.body.call_id));
    leads.disposed(leadId, disposition);
    // The specification's internal dispatch: panels that list leads (follow-ups, last dials) refresh.
    deps.bus.emit("disposition/create", { leadId, disposition });
    deps.notify.success(deps.t("notify.saved"));
    if (mode === "next") await goOn();
    else await deps.status.request("after_call_work").catch(() => {});
  };

  // Calling disabled by a manager: the account's flag at sign-in, then the gateway's pushes.
  store.setDeactivated(agent.deactivated);
  const stops: (() => void)[] = [
    deps.bus.on("calling-status", (payload) => {
      const push = CallingStatusPush.safeParse(payload);
      if (push.success) store.setDeactivated(push.data.deactivated);
    }),
  ];
  // The automatic Voicemail saved this lead's call: the lead is done here too.
  const voicemail = deps.voicemail;
  if (voicemail) {
    stops.push(
      reaction(
        () => voicemail.state.lastDisposed,
        (last) => {
          if (!last) return;
          const mark = markOf(last.leadId, last.callId);
          if (mark && store.done.includes(mark)) return;
          store.closed(last.leadId, mark);
          if (leads.leadIds.includes(last.leadId))
            leads.disposed(last.leadId, "Voicemail" satisfies DispositionValue);
        },
      ),
    );
  }

  return {
    get saving() {
      return store.phase === "saving";
    },
    preset(leadId, preset) {
      store.preset(leadId, preset);
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
    save,
    dispose() {
      stops.forEach((f) => f());
    },
  };
}
