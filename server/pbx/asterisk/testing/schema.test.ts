import { describe, expect, it } from "vitest";
import { validateEvent, validateRequest } from "./schema";

const channel = {
  id: "c1", name: "PJSIP/1001-00000001", state: "Up", protocol_id: "", caller: { name: "", number: "1001" },
  connected: { name: "", number: "" }, accountcode: "", creationtime: "2026-01-05T14:00:00.000+0000", language: "en",
  dialplan: { context: "default", exten: "s", priority: 1, app_name: "", app_data: "" },
};
const base = { application: "dialer", timestamp: "2026-01-05T14:00:00.000+0000", asterisk_id: "x" };

describe("validateRequest", () => {
  it("names the operation, literal paths before {ids}", () => {
    const r = validateRequest("POST", "/channels/create", { endpoint: "PJSIP/1001", app: "dialer" }, undefined);
    expect(r.ok && r.request.op.nickname).toBe("create");
    const d = validateRequest("POST", "/channels/abc/dial", {}, undefined);
    expect(d.ok && d.request.path).toEqual({ channelId: "abc" });
  });
  it("answers 404 for an unknown resource and 405 for a wrong method", () => {
    expect(validateRequest("GET", "/nothing/here", {}, undefined)).toEqual({ ok: false, status: 404, message: "Resource not found" });
    expect(validateRequest("PUT", "/channels", {}, undefined)).toEqual({ ok: false, status: 405, message: "Invalid method" });
  });
  it("answers 400 for a missing required parameter", () => {
    expect(validateRequest("POST", "/channels", {}, undefined)).toMatchObject({ ok: false, status: 400, message: "Endpoint must be specified" });
    expect(validateRequest("POST", "/bridges/b1/addChannel", {}, undefined)).toMatchObject({ status: 400, message: "Missing parameter channel" });
  });
  it("answers 400 for a value outside allowableValues, each of a multiple one checked", () => {
    expect(validateRequest("DELETE", "/channels/c1", { reason: "sleepy" }, undefined)).toMatchObject({ status: 400 });
    expect(validateRequest("PUT", "/deviceStates/Stasis:X", { deviceState: "DND" }, undefined)).toMatchObject({ status: 400 });
    expect(validateRequest("POST", "/bridges/b1", { type: "mixing,dtmf_events" }, undefined).ok).toBe(true);
  });
  it("takes parameters from the JSON body too", () => {
    const r = validateRequest("POST", "/channels", {}, { endpoint: "PJSIP/1001", app: "dialer" });
    expect(r.ok && r.request.params.endpoint).toBe("PJSIP/1001");
  });
});

describe("validateEvent", () => {
  it("accepts a well-formed StasisStart", () => {
    expect(() => validateEvent({ type: "StasisStart", ...base, args: [], channel })).not.toThrow();
  });
  it("throws on a missing required property, recursively", () => {
    expect(() => validateEvent({ type: "StasisStart", ...base, args: [] })).toThrow(/channel/);
    const { caller: _caller, ...noCaller } = channel;
    expect(() => validateEvent({ type: "StasisStart", ...base, args: [], channel: noCaller })).toThrow(/caller/);
    expect(() => validateEvent({ type: "StasisStart", args: [], channel })).toThrow(/application/);
  });
  it("throws on a wrong type, a bad enum, a bad date or an undocumented field", () => {
    expect(() => validateEvent({ type: "ChannelDestroyed", ...base, cause: "16", cause_txt: "x", channel })).toThrow(/int/);
    expect(() => validateEvent({ type: "StasisStart", ...base, args: [], channel: { ...channel, state: "Talking" } })).toThrow(/state/);
    expect(() => validateEvent({ type: "StasisStart", ...base, timestamp: "2026-01-05T14:00:00Z", args: [], channel })).toThrow(/date/);
    expect(() => validateEvent({ type: "StasisStart", ...base, args: [], channel, extra: 1 })).toThrow(/undocumented/);
    expect(() => validateEvent({ type: "Nope", ...base })).toThrow(/unknown type/);
  });
});
