// Which model function answers which ARI operation (by resource and swagger nickname). An operation the fake
// does not model answers 501, so a driver that starts using one shows up in a test at once.
import * as br from "./modelBridges";
import * as ch from "./modelChannels";
import * as media from "./modelMedia";
import * as presence from "./modelPresence";
import type { AsteriskModel } from "./model";
import { fail, ok, type Reply } from "./reply";
import type { ValidRequest } from "./schema";

type Handler = (m: AsteriskModel, path: Record<string, string>, p: Record<string, string>, body: unknown) => Reply;

const live = (m: AsteriskModel) => [...m.channels.values()].filter((c) => !c.destroyed);

const ROUTES: Record<string, Handler> = {
  "asterisk.getInfo": () =>
    ok({
      build: { os: "Linux", kernel: "6.1.0", options: "", machine: "x86_64", date: "2026-01-01 00:00:00 UTC", user: "fake-ari" },
      system: { version: "22.10.1", entity_id: "02:42:ac:11:00:02" },
    }),
  "asterisk.ping": (m) => ok({ asterisk_id: m.asteriskId, ping: "pong", timestamp: new Date(m.clock.now()).toISOString() }),
  "asterisk.getObject": (m, path) => {
    const fields = m.sorcery.get(`${path.configClass}/${path.objectType}/${path.id}`);
    return fields ? ok(fields) : fail(404, "Object not found");
  },
  "asterisk.updateObject": (m, path, _p, body) => {
    if (path.configClass !== "res_pjsip" || path.objectType !== "auth")
      return fail(403, `Cannot create sorcery objects of type '${path.objectType}'`);
    const fields = (body as { fields?: unknown } | undefined)?.fields;
    if (!Array.isArray(fields) || !fields.every((f) => typeof f?.attribute === "string" && typeof f?.value === "string"))
      return fail(400, "Bad request body");
    m.sorcery.set(`${path.configClass}/${path.objectType}/${path.id}`, fields);
    return ok(fields);
  },
  "asterisk.deleteObject": (m, path) =>
    m.sorcery.delete(`${path.configClass}/${path.objectType}/${path.id}`) ? { status: 204 } : fail(404, "Object not found"),
  "applications.list": (m) => ok([...m.apps.keys()].map((a) => presence.applicationJson(m, a))),
  "applications.get": (m, path) => presence.getApplication(m, path.applicationName),
  "applications.subscribe": (m, path, p) => presence.subscription(m, path.applicationName, p.eventSource, true),
  "applications.unsubscribe": (m, path, p) => presence.subscription(m, path.applicationName, p.eventSource, false),

  "channels.list": (m) => ok(live(m).map((c) => m.channelJson(c))),
  "channels.get": (m, path) => {
    const c = m.channels.get(path.channelId);
    return c ? ok(m.channelJson(c)) : fail(404, "Channel not found");
  },
  "channels.create": (m, _path, p, body) => ch.createChannel(m, p, body),
  "channels.originate": (m, _path, p, body) => ch.originate(m, p, body),
  "channels.originateWithId": (m, path, p, body) => ch.originate(m, p, body, path.channelId),
  "channels.dial": (m, path, p) => ch.dial(m, path.channelId, p),
  "channels.hangup": (m, path, p) => ch.hangupChannel(m, path.channelId, p),
  "channels.answer": (m, path) => ch.answer(m, path.channelId),
  "channels.ring": (m, path) => ch.ring(m, path.channelId),
  "channels.ringStop": (m, path) => ch.ring(m, path.channelId),
  "channels.hold": (m, path) => ch.hold(m, path.channelId, true),
  "channels.unhold": (m, path) => ch.hold(m, path.channelId, false),
  "channels.startMoh": (m, path, p) => ch.moh(m, path.channelId, true, p.mohClass),
  "channels.stopMoh": (m, path) => ch.moh(m, path.channelId, false),
  "channels.sendDTMF": (m, path, p) => ch.sendDtmf(m, path.channelId, p),
  "channels.continueInDialplan": (m, path, p) => ch.continueInDialplan(m, path.channelId, p),
  "channels.snoopChannel": (m, path, p) => ch.snoop(m, path.channelId, p),
  "channels.snoopChannelWithId": (m, path, p) => ch.snoop(m, path.channelId, p, path.snoopId),
  "channels.getChannelVar": (m, path, p) => ch.getVariable(m, path.channelId, p),
  "channels.setChannelVar": (m, path, p) => ch.setVariable(m, path.channelId, p),
  "channels.record": (m, path, p) => media.recordChannel(m, path.channelId, p),
  "channels.play": (m, path, p) => playOnChannel(m, path.channelId, p),
  "channels.playWithId": (m, path, p) => playOnChannel(m, path.channelId, p, path.playbackId),

  "bridges.list": (m) => ok([...m.bridges.values()].map((b) => m.bridgeJson(b))),
  "bridges.get": (m, path) => br.getBridge(m, path.bridgeId),
  "bridges.create": (m, _path, p) => br.createBridge(m, p),
  "bridges.createWithId": (m, path, p) => br.createBridge(m, p, path.bridgeId),
  "bridges.destroy": (m, path) => br.destroyBridge(m, path.bridgeId),
  "bridges.addChannel": (m, path, p) => br.addChannel(m, path.bridgeId, p),
  "bridges.removeChannel": (m, path, p) => br.removeChannel(m, path.bridgeId, p),
  "bridges.startMoh": (m, path, p) => br.bridgeMoh(m, path.bridgeId, true, p.mohClass),
  "bridges.stopMoh": (m, path) => br.bridgeMoh(m, path.bridgeId, false),
  "bridges.record": (m, path, p) => media.recordBridge(m, path.bridgeId, p),
  "bridges.play": (m, path, p) => playOnBridge(m, path.bridgeId, p),
  "bridges.playWithId": (m, path, p) => playOnBridge(m, path.bridgeId, p, path.playbackId),

  "recordings.getLive": (m, path) => media.getLiveRecording(m, path.recordingName),
  "recordings.stop": (m, path) => media.stopRecording(m, path.recordingName),
  "recordings.cancel": (m, path) => media.cancelRecording(m, path.recordingName),
  "recordings.pause": (m, path) => media.pauseRecording(m, path.recordingName, true),
  "recordings.unpause": (m, path) => media.pauseRecording(m, path.recordingName, false),
  "recordings.listStored": (m) => media.listStored(m),
  "recordings.getStored": (m, path) => media.getStored(m, path.recordingName),
  "recordings.getStoredFile": (m, path) => media.storedFile(m, path.recordingName),
  "recordings.deleteStored": (m, path) => media.deleteStored(m, path.recordingName),

  "playbacks.get": (m, path) => media.getPlayback(m, path.playbackId),
  "playbacks.stop": (m, path) => media.stopPlayback(m, path.playbackId),

  "deviceStates.list": (m) => ok([...m.deviceStates].map(([name, state]) => ({ name, state }))),
  "deviceStates.get": (m, path) => presence.getDeviceState(m, path.deviceName),
  "deviceStates.update": (m, path, p) => presence.putDeviceState(m, path.deviceName, p.deviceState),
  "deviceStates.delete": (m, path) => presence.deleteDeviceState(m, path.deviceName),

  "endpoints.get": (m, path) => presence.getEndpoint(m, path.tech, path.resource),
};

function playOnChannel(m: AsteriskModel, id: string, p: Record<string, string>, playbackId?: string): Reply {
  const c = m.channels.get(id);
  if (!c) return fail(404, "Channel not found");
  if (c.stasisApp === null) return fail(409, "Channel not in Stasis application");
  if (c.state === "Down" || c.state === "Ringing") return fail(412, "Channel in invalid state");
  return media.play(m, `channel:${id}`, p, playbackId);
}
function playOnBridge(m: AsteriskModel, id: string, p: Record<string, string>, playbackId?: string): Reply {
  if (!m.bridges.has(id)) return fail(404, "Bridge not found");
  return media.play(m, `bridge:${id}`, p, playbackId);
}

export function route(model: AsteriskModel, req: ValidRequest): Reply {
  const handler = ROUTES[`${req.op.resource}.${req.op.nickname}`];
  if (!handler) return fail(501, `fake ARI does not model ${req.op.method} ${req.op.path}`);
  return handler(model, req.path, req.params, req.body);
}
