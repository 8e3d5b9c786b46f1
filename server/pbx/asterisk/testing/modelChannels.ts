// Channel operations as resource_channels.c does them: create (in Stasis at once, not dialled), dial, originate
// (with app: subscribed at once, StasisStart on answer; with a dialplan: no events unless subscribed, and the
// dialer-amd context runs AMD() then Stasis), hangup with a reason, answer/ring/hold/moh/dtmf/continue, snoop,
// variables; plus what the far end does (FarEnd) and the inbound trunk call.
import { CAUSE, REASON_CAUSE, dialStatusFor, type DialStatus } from "./causes";
import type { AsteriskModel, FakeChannel } from "./model";
import { fail, ok, type Reply } from "./reply";
import type { FarEnd } from "./world";

type Params = Record<string, string>;

interface NewChannel {
  id?: string;
  endpoint: string;
  callerId?: string;
  variables?: Record<string, string>;
  dialplan?: Partial<FakeChannel["dialplan"]>;
  state?: FakeChannel["state"];
  snoopOf?: string;
}

/** "PJSIP/1001" → "PJSIP/1001-0000000a"; "PJSIP/+1555@trunk" → "PJSIP/trunk-0000000b" (the channel is named after the endpoint). */
function channelName(model: AsteriskModel, endpoint: string): string {
  const [tech, rest] = splitEndpoint(endpoint);
  const resource = rest.includes("@") ? rest.slice(rest.indexOf("@") + 1) : rest;
  return `${tech}/${resource}-${model.nextChannelSuffix()}`;
}
export function splitEndpoint(endpoint: string): [string, string] {
  const i = endpoint.indexOf("/");
  return i < 0 ? [endpoint, ""] : [endpoint.slice(0, i), endpoint.slice(i + 1)];
}

/** `"Alice" <1001>` or `1001` → CallerID. */
function parseCallerId(s: string | undefined): { name: string; number: string } {
  if (!s) return { name: "", number: "" };
  const m = /^\s*"?([^"<]*?)"?\s*<([^>]*)>\s*$/.exec(s);
  return m ? { name: m[1], number: m[2] } : { name: "", number: s };
}

export function newChannel(model: AsteriskModel, spec: NewChannel): FakeChannel {
  const ch: FakeChannel = {
    id: spec.id ?? model.newUniqueId(),
    name: spec.snoopOf ? `Snoop/${spec.snoopOf}-${model.nextChannelSuffix()}` : channelName(model, spec.endpoint),
    endpoint: spec.endpoint,
    state: spec.state ?? "Down",
    caller: parseCallerId(spec.callerId),
    connected: { name: "", number: "" },
    dialplan: { context: "default", exten: "s", priority: 1, app_name: "", app_data: "", ...spec.dialplan },
    creationtime: model.clock.now(),
    language: model.language,
    vars: new Map(Object.entries(spec.variables ?? {})),
    createdVars: { ...(spec.variables ?? {}) },
    stasisApp: null,
    createdByAri: false,
    dialled: false,
    bridgeId: null,
    held: false,
    moh: null,
    onAnswer: null,
    timers: [],
    snoopOf: spec.snoopOf ?? null,
    destroyed: false,
  };
  model.channels.set(ch.id, ch);
  return ch;
}

/** The body's `variables` ({"variables": {"X": "1"}}), as strings. */
function bodyVariables(body: unknown): Record<string, string> | Reply {
  const vars = (body as { variables?: unknown } | null)?.variables;
  if (vars === undefined) return {};
  if (vars === null || typeof vars !== "object" || Array.isArray(vars)) {
    return fail(400, "The 'variables' field must be a JSON object");
  }
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(vars)) {
    if (typeof v === "string") out[k] = v;
    else if (v !== null && typeof v === "object" && typeof (v as { value?: unknown }).value === "string") out[k] = (v as { value: string }).value;
    else return fail(400, "Each value in 'variables' must be a string or an object with 'value' and optional 'report_events'");
  }
  return out;
}
const isReply = (x: unknown): x is Reply => typeof x === "object" && x !== null && "status" in x && typeof (x as Reply).status === "number" && ("body" in x || (x as Reply).status === 204);

/** An endpoint must be tech/resource ("Invalid endpoint specified" otherwise). */
function checkEndpoint(endpoint: string): Reply | null {
  const [tech, resource] = splitEndpoint(endpoint);
  if (!tech || !resource) return fail(400, "Invalid endpoint specified");
  return null;
}

// ------------------------------------------------------------------ create / originate / dial

/** POST /channels/create: the channel exists and is in Stasis at once (StasisStart), but nothing is dialled. */
export function createChannel(model: AsteriskModel, p: Params, body: unknown): Reply {
  if (p.originator && p.formats) return fail(400, "Originator and formats can't both be specified");
  const bad = checkEndpoint(p.endpoint);
  if (bad) return bad;
  const vars = bodyVariables(body);
  if (isReply(vars)) return vars;
  if (p.channelId && model.channels.has(p.channelId)) return fail(409, "Channel with given unique ID already exists");
  const ch = newChannel(model, { id: p.channelId, endpoint: p.endpoint, variables: vars });
  ch.createdByAri = true;
  const args = p.appArgs ? p.appArgs.split(",") : [];
  return { status: 200, body: model.channelJson(ch), after: () => model.enterStasis(ch, p.app, args) };
}

/** POST /channels and /channels/{channelId}: dial now; on answer run Stasis(app,args) or the dialplan. */
export function originate(model: AsteriskModel, p: Params, body: unknown, channelId?: string): Reply {
  if (p.originator && p.formats) return fail(400, "Originator and formats can't both be specified");
  const bad = checkEndpoint(p.endpoint);
  if (bad) return bad;
  const id = channelId ?? p.channelId;
  if (id && id.length > 150) return fail(400, "Uniqueid length exceeds maximum of 150");
  // Asterisk 22.10.1 lets `app` win over context/extension (no 400 for both); neither is a 400.
  if (!p.app && !p.extension) return fail(400, "Application or extension must be specified");
  const vars = bodyVariables(body);
  if (isReply(vars)) return vars;
  if (id && model.channels.has(id)) return fail(409, "Channel with given unique ID already exists");
  const ch = newChannel(model, { id, endpoint: p.endpoint, variables: vars, callerId: p.callerId });
  if (p.app) {
    ch.onAnswer = { app: p.app, args: p.appArgs ? p.appArgs.split(",") : [] };
    // "it will be automatically subscribed to the originated channel" (channels.json originate notes).
    model.subscribe(p.app, `channel:${ch.id}`);
  } else {
    ch.onAnswer = { context: p.context || "default", exten: p.extension, priority: Number(p.priority || "1") };
  }
  const timeoutS = p.timeout === undefined ? 30 : Number(p.timeout);
  return {
    status: 200,
    body: model.channelJson(ch),
    after: () => {
      startDial(model, ch, p.endpoint, undefined);
      // asterisk#963: an originate that times out ends with cause 0, not 19.
      if (timeoutS > 0) model.later(ch, timeoutS * 1000, () => ch.state !== "Up" && failDial(model, ch, CAUSE.NOT_DEFINED, "NOANSWER"));
    },
  };
}

/** POST /channels/{id}/dial. */
export function dial(model: AsteriskModel, id: string, p: Params): Reply {
  const ch = model.channels.get(id);
  if (!ch) return fail(404, "Callee not found");
  if (ch.state !== "Down") return fail(409, "Channel is not in the 'Down' state");
  if (!ch.createdByAri || ch.dialled) return fail(409, "Dialing a channel not created by ARI");
  const caller = p.caller ? model.channels.get(p.caller) : undefined;
  if (p.caller && !caller) return fail(404, "Caller not found");
  const timeoutS = Number(p.timeout ?? "0");
  return {
    status: 204,
    after: () => {
      startDial(model, ch, ch.endpoint, caller);
      // control.c hangup_channel: a dial timeout hangs up with NO_ANSWER (19).
      if (timeoutS > 0) model.later(ch, timeoutS * 1000, () => ch.state !== "Up" && failDial(model, ch, CAUSE.NO_ANSWER, "NOANSWER", caller));
    },
  };
}

function publishDial(model: AsteriskModel, ch: FakeChannel, status: DialStatus, caller?: FakeChannel): void {
  const body: Record<string, unknown> = { peer: model.channelJson(ch), dialstring: splitEndpoint(ch.endpoint)[1], dialstatus: status };
  if (caller && !caller.destroyed) body.caller = model.channelJson(caller);
  const sources = [`channel:${ch.id}`, ...(caller ? [`channel:${caller.id}`] : [])];
  model.publish(sources, "Dial", body);
}

/** Registered PJSIP extensions (no `@`): an extension without a contact is unavailable before any ringing. */
function unreachable(model: AsteriskModel, endpoint: string): boolean {
  const [tech, resource] = splitEndpoint(endpoint);
  if (tech !== "PJSIP" || resource.includes("@")) return false;
  return model.endpoints.get(endpoint)?.state !== "online";
}

function startDial(model: AsteriskModel, ch: FakeChannel, endpoint: string, caller: FakeChannel | undefined): void {
  if (ch.destroyed) return;
  ch.dialled = true;
  publishDial(model, ch, "", caller);
  if (unreachable(model, endpoint)) {
    failDial(model, ch, CAUSE.SUBSCRIBER_ABSENT, "CHANUNAVAIL", caller);
    return;
  }
  model.world.dial(farEnd(model, ch, caller));
}

function failDial(model: AsteriskModel, ch: FakeChannel, cause: number, status: DialStatus, caller?: FakeChannel): void {
  if (ch.destroyed || ch.state === "Up") return;
  publishDial(model, ch, status, caller);
  model.hangup(ch, cause, { request: true });
}

/** The handle the world drives a dialled channel with. Calls after the channel is gone are ignored. */
function farEnd(model: AsteriskModel, ch: FakeChannel, caller: FakeChannel | undefined): FarEnd {
  const live = () => !ch.destroyed && model.channels.get(ch.id) === ch;
  return {
    channelId: ch.id,
    endpoint: ch.endpoint,
    variables: ch.createdVars,
    ring() {
      if (!live() || ch.state !== "Down") return;
      model.setState(ch, "Ringing");
      publishDial(model, ch, "RINGING", caller);
    },
    answer() {
      if (!live() || ch.state === "Up") return;
      model.clearTimers(ch);
      model.setState(ch, "Up");
      publishDial(model, ch, "ANSWER", caller);
      afterAnswer(model, ch);
    },
    fail(cause) {
      if (!live() || ch.state === "Up") return;
      failDial(model, ch, cause, dialStatusFor(cause), caller);
    },
    hangup(cause = CAUSE.NORMAL_CLEARING) {
      if (!live()) return;
      model.hangup(ch, cause, { request: true });
    },
    sendDtmf(digits) {
      if (!live() || ch.state !== "Up") return;
      receiveDtmf(model, ch, digits);
    },
  };
}

/** ChannelDtmfReceived per digit, at the digit's end (100 ms each, as a phone sends them). */
export function receiveDtmf(model: AsteriskModel, ch: FakeChannel, digits: string): void {
  [...digits].forEach((digit, i) =>
    model.later(ch, 100 * (i + 1) + 50 * i, () => model.publishChannel(ch, "ChannelDtmfReceived", { digit, duration_ms: 100 })),
  );
}

function afterAnswer(model: AsteriskModel, ch: FakeChannel): void {
  const next = ch.onAnswer;
  ch.onAnswer = null;
  if (!next) return;
  if ("app" in next) {
    model.enterStasis(ch, next.app, next.args);
    // The originate subscription is one reference; StasisStart took its own.
    model.unsubscribe(next.app, `channel:${ch.id}`);
    return;
  }
  runDialplan(model, ch, next.context, next.exten, next.priority);
}

/** The only dialplan the fake knows: `[dialer-amd] s,1,AMD() ; s,n,Stasis(dialer,amd,${AMDSTATUS},${AMDCAUSE})`. */
function runDialplan(model: AsteriskModel, ch: FakeChannel, context: string, exten: string, priority: number): void {
  const setApp = (app_name: string, app_data: string, prio: number) => {
    ch.dialplan = { context, exten, priority: prio, app_name, app_data };
    model.publishChannel(ch, "ChannelDialplan", { dialplan_app: app_name, dialplan_app_data: app_data });
  };
  if (context !== model.amdContext) {
    // Unknown dialplan: Asterisk finds no extension and hangs up.
    model.hangup(ch, CAUSE.UNALLOCATED, { request: false });
    return;
  }
  setApp("AMD", "", priority);
  // AMD on a snoop channel hears what the snooped channel's far end says.
  const heard = (ch.snoopOf && model.channels.get(ch.snoopOf)) || ch;
  const verdict = model.world.amd(farEnd(model, heard, undefined));
  model.later(ch, verdict.afterMs, () => {
    setVar(model, ch, "AMDSTATUS", verdict.status);
    setVar(model, ch, "AMDCAUSE", verdict.cause);
    const args = ["amd", verdict.status, verdict.cause];
    setApp("Stasis", ["dialer", ...args].join(","), priority + 1);
    model.enterStasis(ch, "dialer", args);
  });
}

export function setVar(model: AsteriskModel, ch: FakeChannel, variable: string, value: string): void {
  ch.vars.set(variable, value);
  model.publishChannel(ch, "ChannelVarset", { variable, value });
}

// ------------------------------------------------------------------ control

/** find_control: 404 for no channel, 409 when the channel is not in a Stasis app. */
function control(model: AsteriskModel, id: string): FakeChannel | Reply {
  const ch = model.channels.get(id);
  if (!ch) return fail(404, "Channel not found");
  if (ch.stasisApp === null) return fail(409, "Channel not in Stasis application");
  return ch;
}
/** channel_state_invalid: Down and Ringing (unanswered outbound) channels can't be answered, held, played to… */
function controlUp(model: AsteriskModel, id: string): FakeChannel | Reply {
  const ch = control(model, id);
  if (isReply(ch)) return ch;
  if (ch.state === "Down" || ch.state === "Ringing") return fail(412, "Channel in invalid state");
  return ch;
}

export function hangupChannel(model: AsteriskModel, id: string, p: Params): Reply {
  const ch = model.channels.get(id);
  if (!ch) return fail(404, "Channel not found");
  if (p.reason && p.reason_code) return fail(400, "The reason and reason_code can't both be specified");
  let cause: number = CAUSE.NORMAL_CLEARING;
  if (p.reason_code) {
    if (!/^-?\d+$/.test(p.reason_code)) return { status: 400, body: { message: "Invalid reason for hangup reason code provided" } };
    cause = Number(p.reason_code);
  } else if (p.reason) {
    const c = REASON_CAUSE[p.reason];
    if (c === undefined) return fail(400, "Invalid reason for hangup reason provided");
    cause = c;
  }
  return {
    status: 204,
    after: () => {
      if (ch.dialled && ch.state !== "Up") publishDial(model, ch, "CANCEL");
      model.hangup(ch, cause, { request: true, soft: true });
    },
  };
}

export function answer(model: AsteriskModel, id: string): Reply {
  const ch = controlUp(model, id);
  if (isReply(ch)) return ch;
  return { status: 204, after: () => model.setState(ch, "Up") };
}

export function ring(model: AsteriskModel, id: string): Reply {
  const ch = controlUp(model, id);
  return isReply(ch) ? ch : ok();
}

export function hold(model: AsteriskModel, id: string, on: boolean): Reply {
  const ch = controlUp(model, id);
  if (isReply(ch)) return ch;
  return {
    status: 204,
    after: () => {
      if (ch.held === on) return;
      ch.held = on;
      model.publishChannel(ch, on ? "ChannelHold" : "ChannelUnhold");
    },
  };
}

export function moh(model: AsteriskModel, id: string, on: boolean, mohClass?: string): Reply {
  const ch = controlUp(model, id);
  if (isReply(ch)) return ch;
  ch.moh = on ? (mohClass ?? "default") : null;
  return ok();
}

/** The far end hears the digits; Asterisk sends no event for digits it *sends* (only ChannelDtmfReceived for received ones). */
export function sendDtmf(model: AsteriskModel, id: string, p: Params): Reply {
  const ch = controlUp(model, id);
  if (isReply(ch)) return ch;
  ch.vars.set("__FAKE_DTMF_SENT", (ch.vars.get("__FAKE_DTMF_SENT") ?? "") + p.dtmf);
  return ok();
}

/** POST /channels/{id}/continue: StasisEnd, then back in the dialplan (which the fake treats as ending the call). */
export function continueInDialplan(model: AsteriskModel, id: string, p: Params): Reply {
  const ch = controlUp(model, id);
  if (isReply(ch)) return ch;
  return {
    status: 204,
    after: () => {
      if (ch.bridgeId !== null) model.leaveBridge(ch);
      model.leaveStasis(ch, false);
      if (p.context || p.extension) {
        ch.dialplan = { ...ch.dialplan, context: p.context || ch.dialplan.context, exten: p.extension || ch.dialplan.exten, priority: Number(p.priority || "1") };
        runDialplan(model, ch, ch.dialplan.context, ch.dialplan.exten, ch.dialplan.priority);
      }
    },
  };
}

/** POST /channels/{id}/snoop[/{snoopId}]: a Snoop/… channel, Up, that enters Stasis(app, appArgs). */
export function snoop(model: AsteriskModel, id: string, p: Params, snoopId?: string): Reply {
  const spy = p.spy ?? "none";
  const whisper = p.whisper ?? "none";
  if (spy === "none" && whisper === "none") return fail(400, "Direction must be specified for at least spy or whisper");
  const target = model.channels.get(id);
  if (!target) return fail(404, "Provided channel was not found");
  const sid = snoopId ?? p.snoopId;
  if (sid && model.channels.has(sid)) return fail(409, "Channel with given unique ID already exists");
  const ch = newChannel(model, { id: sid, endpoint: `Snoop/${target.id}`, snoopOf: target.id, state: "Up" });
  ch.vars.set("__FAKE_SNOOP", `spy=${spy},whisper=${whisper}`);
  const args = p.appArgs ? p.appArgs.split(",") : [];
  return { status: 200, body: model.channelJson(ch), after: () => model.enterStasis(ch, p.app, args) };
}

export function getVariable(model: AsteriskModel, id: string, p: Params): Reply {
  const ch = model.channels.get(id);
  if (!ch) return fail(404, "Provided channel was not found");
  const v = ch.vars.get(p.variable);
  if (v === undefined) return fail(404, "Provided variable was not found");
  return ok({ value: v });
}

export function setVariable(model: AsteriskModel, id: string, p: Params): Reply {
  const ch = model.channels.get(id);
  if (!ch) return fail(404, "Provided channel was not found");
  return { status: 204, after: () => setVar(model, ch, p.variable, p.value ?? "") };
}

/** A call from the trunk: `Stasis(dialer,inbound,${EXTEN})` runs at once, state Ring. */
export function inbound(model: AsteriskModel, from: string, did: string, app = "dialer"): FakeChannel {
  const ch = newChannel(model, {
    endpoint: "PJSIP/trunk",
    callerId: from,
    state: "Ring",
    dialplan: { context: "from-trunk", exten: did, priority: 1 },
  });
  model.enterStasis(ch, app, ["inbound", did]);
  return ch;
}
