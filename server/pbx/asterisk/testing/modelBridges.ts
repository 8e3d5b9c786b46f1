// Bridge operations as resource_bridges.c does them: create (409 for an id in use), delete (members leave,
// then BridgeDestroyed), addChannel (400 unknown channel, 404 bridge, 422 a channel not in Stasis yet, which
// is a channel whose StasisStart has not happened), removeChannel (422 not in this bridge), music on hold.
import type { AsteriskModel, FakeBridge, FakeChannel } from "./model";
import { fail, ok, type Reply } from "./reply";

type Params = Record<string, string>;

export function createBridge(model: AsteriskModel, p: Params, bridgeId?: string): Reply {
  const id = bridgeId ?? p.bridgeId ?? model.newUniqueId().replace(".", "-");
  if (model.bridges.has(id)) return fail(409, `Bridge with id '${id}' already exists`);
  const types = (p.type ?? "mixing").split(",");
  const holding = types.includes("holding");
  const b: FakeBridge = {
    id,
    // A two-party mixing bridge starts as simple_bridge and becomes softmix when a third joins (see joinBridge).
    technology: holding ? "holding_bridge" : "simple_bridge",
    bridge_type: holding ? "holding" : "mixing",
    bridge_class: "stasis",
    creator: "Stasis",
    name: p.name ?? "",
    channels: [],
    creationtime: model.clock.now(),
    video_mode: "none",
    moh: null,
    recordings: new Set(),
  };
  model.bridges.set(id, b);
  model.usedBridgeIds.add(id);
  return { status: 200, body: model.bridgeJson(b), after: () => model.publish([`bridge:${id}`], "BridgeCreated", { bridge: model.bridgeJson(b) }) };
}

export function getBridge(model: AsteriskModel, id: string): Reply {
  const b = model.bridges.get(id);
  return b ? ok(model.bridgeJson(b)) : fail(404, "Bridge not found");
}

export function destroyBridge(model: AsteriskModel, id: string): Reply {
  const b = model.bridges.get(id);
  if (!b) return fail(404, "Bridge not found");
  return {
    status: 204,
    after: () => {
      for (const r of [...model.recordings.values()]) if (r.source === `bridge:${id}`) model.finishRecording(r);
      for (const pb of [...model.playbacks.values()]) if (pb.source === `bridge:${id}`) model.finishPlayback(pb);
      for (const cid of [...b.channels]) {
        const ch = model.channels.get(cid);
        if (ch) model.leaveBridge(ch, true);
      }
      model.bridges.delete(id);
      model.publish([`bridge:${id}`], "BridgeDestroyed", { bridge: model.bridgeJson(b) });
      model.forgetSource(`bridge:${id}`);
    },
  };
}

/** find_bridge + check_add_remove_channel: the order of Asterisk's checks decides which error wins. */
function bridgeAndChannels(model: AsteriskModel, id: string, p: Params): { b: FakeBridge; chans: FakeChannel[] } | Reply {
  if (!p.channel) return fail(400, "Missing parameter channel");
  const b = model.bridges.get(id);
  if (!b) return fail(404, "Bridge not found");
  const chans: FakeChannel[] = [];
  for (const cid of p.channel.split(",")) {
    const ch = model.channels.get(cid.trim());
    if (!ch) return fail(400, "Channel not found");
    chans.push(ch);
  }
  return { b, chans };
}

export function addChannel(model: AsteriskModel, id: string, p: Params): Reply {
  const found = bridgeAndChannels(model, id, p);
  if ("status" in found) return found;
  for (const ch of found.chans) {
    if (ch.stasisApp === null) return fail(422, "Channel not in Stasis application");
    if ([...model.recordings.values()].some((r) => r.source === `channel:${ch.id}` && r.state === "recording")) {
      return fail(409, `Channel ${ch.id} currently recording`);
    }
  }
  return {
    status: 204,
    after: () => {
      for (const ch of found.chans) {
        if (ch.destroyed || !model.bridges.has(id)) continue;
        model.joinBridge(ch, found.b);
        if (found.b.bridge_type === "mixing" && found.b.channels.length > 2) found.b.technology = "softmix";
      }
    },
  };
}

export function removeChannel(model: AsteriskModel, id: string, p: Params): Reply {
  const found = bridgeAndChannels(model, id, p);
  if ("status" in found) return found;
  for (const ch of found.chans) {
    if (ch.bridgeId !== id) return fail(422, "Channel not in this bridge");
  }
  return { status: 204, after: () => found.chans.forEach((ch) => ch.bridgeId === id && model.leaveBridge(ch)) };
}

export function bridgeMoh(model: AsteriskModel, id: string, on: boolean, mohClass?: string): Reply {
  const b = model.bridges.get(id);
  if (!b) return fail(404, "Bridge not found");
  if (!on && b.moh === null) return fail(409, "Bridge isn't playing music");
  b.moh = on ? (mohClass ?? "default") : null;
  return ok();
}
