// Endpoints (PJSIP contacts come and go: ContactStatusChange + EndpointStateChange), device states (ARI may
// set only `Stasis:` names; anything else is 409 "Uncontrolled device specified") and application
// subscriptions (channel:, bridge:, endpoint:, deviceState:; ref-counted, so an explicit one survives StasisEnd).
import { splitEndpoint } from "./modelChannels";
import type { AsteriskModel } from "./model";
import { fail, ok, type Reply } from "./reply";

const DEVICE_STATES = ["UNKNOWN", "NOT_INUSE", "INUSE", "BUSY", "INVALID", "UNAVAILABLE", "RINGING", "RINGINUSE", "ONHOLD"];

export function endpoint(model: AsteriskModel, tech: string, resource: string) {
  const key = `${tech}/${resource}`;
  let e = model.endpoints.get(key);
  if (!e) {
    e = { technology: tech, resource, state: "offline" };
    model.endpoints.set(key, e);
  }
  return e;
}

/** A PJSIP contact registers (online) or goes (offline). */
export function setContact(model: AsteriskModel, ext: string, online: boolean): void {
  const e = endpoint(model, "PJSIP", ext);
  const source = `endpoint:PJSIP/${ext}`;
  model.publish([source], "ContactStatusChange", {
    endpoint: model.endpointJson("PJSIP", ext),
    contact_info: { uri: `sip:${ext}@127.0.0.1:5060;transport=ws`, contact_status: online ? "Reachable" : "Removed", aor: ext, roundtrip_usec: online ? "1200" : "0" },
  });
  const state = online ? "online" : "offline";
  if (e.state === state) return;
  e.state = state;
  model.publish([source], "EndpointStateChange", { endpoint: model.endpointJson("PJSIP", ext) });
}

export function getEndpoint(model: AsteriskModel, tech: string, resource: string): Reply {
  if (!model.endpoints.has(`${tech}/${resource}`)) return fail(404, "Endpoint not found");
  return ok(model.endpointJson(tech, resource));
}

export function getDeviceState(model: AsteriskModel, name: string): Reply {
  return ok({ name, state: model.deviceStates.get(name) ?? "UNKNOWN" });
}
export function putDeviceState(model: AsteriskModel, name: string, state: string): Reply {
  if (!/^stasis:/i.test(name)) return fail(409, "Uncontrolled device specified");
  if (name.length === "Stasis:".length) return fail(404, "Device name is missing");
  if (!DEVICE_STATES.includes(state) || state === "UNKNOWN") return fail(500, "Unknown device");
  return { status: 204, after: () => changeDeviceState(model, name, state) };
}
export function deleteDeviceState(model: AsteriskModel, name: string): Reply {
  if (!/^stasis:/i.test(name)) return fail(409, "Uncontrolled device specified");
  if (name.length === "Stasis:".length) return fail(404, "Device name is missing");
  return { status: 204, after: () => changeDeviceState(model, name, "UNKNOWN") };
}
function changeDeviceState(model: AsteriskModel, name: string, state: string): void {
  if (state === "UNKNOWN") model.deviceStates.delete(name);
  else model.deviceStates.set(name, state);
  model.publish([`deviceState:${name}`], "DeviceStateChanged", { device_state: { name, state } });
}

export function applicationJson(model: AsteriskModel, name: string): Record<string, unknown> {
  const a = model.app(name);
  const ids = (prefix: string) => [...a.subs.keys()].filter((s) => s.startsWith(prefix)).map((s) => s.slice(prefix.length));
  return {
    name,
    channel_ids: ids("channel:"),
    bridge_ids: ids("bridge:"),
    endpoint_ids: ids("endpoint:"),
    device_names: ids("deviceState:"),
    events_allowed: [],
    events_disallowed: [],
  };
}

export function getApplication(model: AsteriskModel, name: string): Reply {
  return model.apps.has(name) ? ok(applicationJson(model, name)) : fail(404, "Application not found");
}

/** POST/DELETE /applications/{app}/subscription?eventSource=a,b. */
export function subscription(model: AsteriskModel, name: string, eventSource: string, on: boolean): Reply {
  if (!model.apps.has(name)) return fail(404, "Application not found");
  const sources = eventSource.split(",").map((s) => s.trim());
  for (const s of sources) {
    const colon = s.indexOf(":");
    const scheme = s.slice(0, colon);
    const rest = s.slice(colon + 1);
    if (colon < 0 || !["channel", "bridge", "endpoint", "deviceState"].includes(scheme)) return fail(400, "Invalid event source URI scheme");
    const exists =
      (scheme === "channel" && model.channels.has(rest)) ||
      (scheme === "bridge" && model.bridges.has(rest)) ||
      (scheme === "endpoint" && (!rest.includes("/") || model.endpoints.has(rest) || splitEndpoint(rest)[0] === "PJSIP")) ||
      scheme === "deviceState";
    if (!exists) return fail(422, "Event source does not exist");
    if (on && scheme === "endpoint" && rest.includes("/")) endpoint(model, ...splitEndpoint(rest));
  }
  if (on) sources.forEach((s) => model.subscribe(name, s));
  else {
    for (const s of sources) {
      if (!model.app(name).subs.has(s)) return fail(422, "Event source was not subscribed to");
    }
    sources.forEach((s) => model.unsubscribe(name, s));
  }
  return ok(applicationJson(model, name));
}
