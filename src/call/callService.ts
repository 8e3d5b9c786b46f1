// The browser's side of the agent's calls (agent-workspace §4 Call status, Hangup flow; §7 calls). The
// gateway owns the call and pushes snapshots (incoming, answer, hangup, call); this service mirrors them
// into the CallModel, places dials through the gateway, runs the hangup flow and reports origination
// failures. Plugins reach it through `callKey` and hear `callEnded` (core events) once the gateway has
// settled a call. A phone that is not synced needs no event: the gateway sets the status not_synced.
import type { AxiosInstance } from "axios";
import { reaction } from "mobx";
import { callEnded } from "../core/coreEvents";
import type { z } from "zod";
import type { TFunction } from "i18next";
import { errorBody, httpStatus } from "../api/errors";
import { newIdempotencyKey, send } from "../api/idempotent";
import {
  CallSnapshot,
  CreateCallResponse,
  CurrentCallResponse,
  OriginateFailurePush,
  SHORT_INBOUND_CALL_SECONDS,
  UpdateCallResponse,
  type CallType,
} from "../contract/calls";
import { IDEMPOTENCY_HEADER } from "../contract/dispositions";
import { LeadSummaryResponse } from "../contract/leads";
import type { AlertService } from "../alerts/alertService";
import type { Clock } from "../shared/clock";
import type { EventBus } from "../core/events";
import { settleFieldsOf, type CallStateHost, type RegisteredCallState } from "../core/callState";
import type { CallControl, DialRequest } from "../core/services";
import type { RealtimeClient } from "../realtime/client";
import { gatewayText } from "../i18n/message";
import type { CallModel } from "./CallModel";
import { createRejoinNotice } from "./rejoinNotice";

/** The hangup flow waits up to this many one-second checks for the call id and lead (agent-workspace §9). */
export const SETTLE_TRIES = 10;
export const SETTLE_INTERVAL_MS = 1000;

export interface CallServiceDeps {
  http: AxiosInstance;
  bus: EventBus;
  realtime: Pick<RealtimeClient, "emit">;
  alerts: AlertService;
  clock: Clock;
  t: TFunction;
  store: CallModel;
  extension: string | null;
  /** A unique key per write (Idempotency-Key). */
  newKey?: () => string;
  /** The specification logs call failures ('Could not create the call.'); they are not shown. */
  log?: (message: string, detail?: unknown) => void;
}

export interface CallService extends CallControl, CallStateHost {
  /** Reads the gateway's view of the current call (page load, reconnection). */
  sync(): Promise<void>;
  dispose(): void;
}

/** The one alert of a dial that did not reach its lead (agent-workspace §10: persistent), replaced by the next. */
export const ORIGINATE_FAILURE_KEY = "originate-failure";

export function createCallService(d: CallServiceDeps): CallService {
  const { http, bus, store, clock, t } = d;
  const newKey = d.newKey ?? newIdempotencyKey;
  let disposed = false;
  /** The enabled plugins' call states (the registry's), sent with each settle. */
  let callStates: readonly RegisteredCallState[] = [];
  const undeclared = new Set<string>();
  const rejoin = createRejoinNotice(d.alerts, t);

  const wait = (ms: number) => new Promise<void>((resolve) => clock.setTimeout(resolve, ms));
  const messageOf = (e: unknown, fallback: string) => {
    const body = errorBody(e);
    if (body?.message) return gatewayText(t, body.message);
    return httpStatus(e) === undefined ? t("calls.network_error") : fallback;
  };

  async function leadFor(r: DialRequest): Promise<{ id: number; name: string }> {
    if (r.leadId !== undefined) return { id: r.leadId, name: r.name ?? r.phone };
    try {
      const { data } = await http.get(`/leads/by-phone/${encodeURIComponent(r.phone)}`, {
        params: { type: r.type ?? "manual" },
      });
      const lead = LeadSummaryResponse.parse(data).data;
      return { id: lead.id, name: `${lead.first_name} ${lead.last_name}`.trim() || r.phone };
    } catch (e) {
      if (httpStatus(e) !== 404) throw e;
    }
    const { data } = await http.post(
      "/leads",
      { phone: r.phone, type: "manual" },
      { headers: { [IDEMPOTENCY_HEADER]: newKey() } },
    );
    return { id: LeadSummaryResponse.parse(data).data.id, name: r.phone };
  }

  async function dial(r: DialRequest): Promise<number> {
    if (store.active) throw new Error(t("calls.already_on_a_call"));
    const type: CallType = r.type ?? "manual";
    try {
      const lead = await leadFor(r);
      const { data } = await http.post(
        `/leads/${lead.id}/calls`,
        { phone: r.phone, name: r.name ?? lead.name, direction: 0, qualifier_extension: d.extension, type },
        { headers: { [IDEMPOTENCY_HEADER]: newKey() } },
      );
      const { callId } = CreateCallResponse.parse(data);
      store.dialing(callId, lead.id, r.phone, r.name ?? lead.name, type, clock.now());
      return callId;
    } catch (e) {
      if (e instanceof Error && !("isAxiosError" in e)) throw e;
      d.log?.("Could not create the call.", e);
      throw new Error(messageOf(e, t("calls.dial_failed")), { cause: e });
    }
  }

  /** The hangup flow (agent-workspace §4): settle the call on the gateway, then let the disposition start. */
  /** Calls whose hangup flow is running: a repeated hangup push must not update the call twice. */
  const settling = new Set<number>();

  async function settle(s: CallSnapshot) {
    if (s.direction === 1 && !s.bridged) return; // an unbridged inbound call just ends
    if (settling.has(s.callId)) return;
    settling.add(s.callId);
    try {
      await settleOnce(s);
    } finally {
      settling.delete(s.callId);
    }
  }

  async function settleOnce(s: CallSnapshot) {
    for (let i = 0; i < SETTLE_TRIES && (store.callId === null || store.currentLeadId === null); i++)
      await wait(SETTLE_INTERVAL_MS);
    if (store.callId !== s.callId || store.settled || s.leadId === null) return;
    let duration = 0;
    try {
      // The fields the enabled plugins' call states give (none of them named here), then the core's: the
      // live-transfer flag goes with a call that had a live transfer: 0 if no advisor took it, 1 once one did.
      // Sent again on a transient failure (a 503 while the phones move to another gateway): the same fields
      // however often they land, and the call's row would otherwise miss them.
      const sent = await send(http, clock, {
        method: "PUT",
        url: `/leads/${s.leadId}/calls/${s.callId}`,
        body: {
          ...settleFieldsOf(callStates, (def) => store.stateOf(def), d.log),
          ...(store.hadLiveTransfer || store.liveTransfer
            ? { live_transfer: store.liveTransfer ? 1 : 0 }
            : {}),
        },
        retry: true,
      });
      if (sent.ok) duration = UpdateCallResponse.parse(sent.data).duration;
      else d.log?.("Could not update the call.", sent);
    } catch (e) {
      d.log?.("Could not update the call.", e);
    }
    if (disposed || store.callId !== s.callId) return;
    store.markSettled(duration, s.direction === 1 && duration < SHORT_INBOUND_CALL_SECONDS);
    bus.emit(callEnded.name, {
      callId: s.callId,
      leadId: s.leadId,
      duration,
      shortCall: store.shortCall,
      bridged: s.bridged,
    });
  }

  async function onFailure(p: z.infer<typeof OriginateFailurePush>) {
    d.alerts.show(() => t(`notifications.originate_failure.${p.message}`), {
      type: "error",
      timeout: null,
      key: ORIGINATE_FAILURE_KEY,
    });
    if (p.leadId === null) return;
    try {
      await http.put("/callback/originate-failure", {
        lead_id: p.leadId,
        call_id: p.callId,
        message: p.message,
      });
    } catch (e) {
      d.log?.("Could not return the lead to the callback stack.", e);
    }
  }

  const parsed =
    <T>(
      schema: { safeParse(v: unknown): { success: true; data: T } | { success: false } },
      handle: (v: T) => void,
    ) =>
    (payload: unknown) => {
      const r = schema.safeParse(payload);
      if (r.success) handle(r.data);
    };
  const off = [
    ...(["incoming", "answer", "call"] as const).map((name) =>
      bus.on(
        name,
        parsed(CallSnapshot, (s) => {
          store.apply(s);
          rejoin.seen(s);
        }),
      ),
    ),
    bus.on(
      "hangup",
      parsed(CallSnapshot, (s) => {
        store.apply(s);
        rejoin.seen(s);
        void settle(s);
      }),
    ),
    bus.on(
      "originate-failure",
      parsed(OriginateFailurePush, (p) => void onFailure(p)),
    ),
    // A dial that did not reach its lead is said until the agent talks to someone again: then it is old news.
    reaction(
      () => store.isConnected,
      (connected) => {
        if (connected) d.alerts.dismissKey(ORIGINATE_FAILURE_KEY);
      },
    ),
  ];

  /**
   * A control over the socket with the agent's own extension (a core transfer's, a plugin's client event): the ack's
   * data, or its refusal thrown. The compliance gate refuses with a key of ours (calls.refused.<reason>); a
   * transfer's own refusals come as the contract's English texts, which the plugin words in the agent's language.
   */
  const sendControl = async (event: string, fields: object): Promise<unknown> => {
    if (!d.extension) throw new Error(t("calls.control_failed"));
    const ack = await d.realtime.emit(event as "hangup", { ...fields, extension: d.extension } as never);
    if (!ack.ok)
      throw new Error(
        ack.message?.startsWith("calls.") ? t(ack.message) : (ack.message ?? t("calls.control_failed")),
      );
    return ack.data;
  };

  return {
    current: store,
    dial,
    async hangup() {
      if (!d.extension) return;
      await d.realtime.emit("hangup", { extension: d.extension });
    },
    async conference(action, phone) {
      if (!d.extension) return;
      const ack = await d.realtime.emit(
        action,
        action === "initializeConference" ? { extension: d.extension, phone } : { extension: d.extension },
      );
      if (!ack.ok) throw new Error(ack.message ?? t("calls.control_failed"));
    },
    async transfer(event, fields) {
      await sendControl(event, fields);
    },
    async send(event, fields) {
      return sendControl(event.name, fields);
    },
    state: (def) => store.stateOf(def),
    setState(def, value) {
      if (!callStates.some((c) => c.def.name === def.name) && !undeclared.has(def.name)) {
        undeclared.add(def.name);
        d.log?.(`call state ${def.name} is in no enabled plugin's callState: it goes with no settle`);
      }
      store.setState(def, value);
    },
    setCallStates(states) {
      callStates = states;
    },
    async playback(operation, file) {
      if (!d.extension) throw new Error(t("calls.control_failed"));
      const ack = await d.realtime.emit("audio-playback", { extension: d.extension, operation, file });
      if (!ack.ok) throw new Error(ack.message ?? t("calls.control_failed"));
    },
    async sync() {
      try {
        const { data } = await http.get("/calls/current");
        const s = CurrentCallResponse.parse(data).data;
        if (s) {
          store.apply(s);
          rejoin.seen(s);
          if ((s.status === "ended" || s.status === "not_answered") && !store.settled) void settle(s);
        } else if (!store.active) store.reset();
      } catch (e) {
        // A gateway without the route (an older one) simply has no call to restore.
        if (httpStatus(e) !== 404) d.log?.("Could not read the current call.", e);
      }
    },
    dispose() {
      disposed = true;
      off.forEach((f) => f());
    },
  };
}
