// The embedded SIP-over-WebSocket endpoint and media peer (reference/telephony.md §2 "Media edge"): WebRTC
// softphones (JsSIP) register at config.sipPath on the gateway's own port, the simulated PBX rings them
// through the AgentPhoneLine this attaches, and each agent leg carries real PCMU audio from a werift peer.
// What a softphone sends is relayed live to the legs that hear it (a supervisor, a coached agent, the
// simulated parties' ears). Only upgrades of sipPath are taken; socket.io keeps /socket.io.
import type { IncomingMessage, Server } from "node:http";
import type { Duplex } from "node:stream";
import { and, eq } from "drizzle-orm";
import { WebSocketServer } from "ws";
import { checkDial } from "../../compliance/gate";
import { users } from "../../db/schema";
import type { Gateway } from "../../gateway";
import type { AgentPhoneLine } from "../driver";
import type { SimPbx } from "../sim/extensions";
import { EdgePhoneLine } from "./agentLine";
import { SipConnection } from "./connection";
import { parseSipUsername, SIP_REALM, sipPassword } from "./credentials";
import { verifyDigest } from "./digest";
import type { LegMediaStats, MediaFactory } from "./media/endpoint";
import type { LiveVoices } from "./media/liveVoice";
import { Pacer } from "./media/pacer";
import { weriftMedia } from "./media/werift";
import { Registrar } from "./registrar";
import type { DigestCheck } from "./register";
import { dropCall, type EdgeContext, type EdgePbx } from "./session";
import { parseUri } from "./sip/headers";
import { SipRequests } from "./uas";

export type { LegMediaStats } from "./media/endpoint";

export interface SipEdge {
  close(): Promise<void>;
  /** The line the PBX rings softphones through (attached to the PBX when it takes one). */
  readonly line: AgentPhoneLine;
  /**
   * RTP counters of an agent or supervisor leg, or what a party's ear took in (AgentPhoneLine.partyHears),
   * live or recently ended (tests, diagnostics, GET /sim-pbx/calls/:callId/media).
   */
  stats(legId: string): LegMediaStats | undefined;
  /** A softphone of `ext` holds a live registration here. */
  isRegistered(ext: string): boolean;
  /** The host of the live registration's Contact (where the agent's softphone says it is), null when none. */
  contactHost(ext: string): string | null;
  /** Resolves once every registration change so far has reached the PBX. */
  settled(): Promise<void>;
}

export interface SipEdgeOptions {
  /** Media peers (default: werift). Tests inject failing ones. */
  media?: MediaFactory;
  /** A softphone that has not registered by then is disconnected. */
  registerWithinMs?: number;
}

/** A PBX that can ring softphones (SimPbx gains attachPhoneLine with its call model). */
type LineHost = { attachPhoneLine?(line: AgentPhoneLine): void };

const ARCHIVED_STATS = 500;
const edges = new WeakMap<Gateway, SipEdge>();

/** The edge attached to a gateway, if any (app.ts keeps no handle on it). */
export function sipEdgeOf(gw: Gateway): SipEdge | undefined {
  return edges.get(gw);
}

export async function attachSipEdge(
  gw: Gateway,
  pbx: SimPbx,
  server: Server,
  opts: SipEdgeOptions = {},
): Promise<SipEdge> {
  const log = (msg: string, err?: unknown) =>
    err === undefined ? gw.log.warn(msg) : gw.log.warn({ err }, msg);
  const mac = (v: string) => gw.tokens.mac(v);
  const host: EdgePbx & LineHost = pbx;
  const pacer = new Pacer();
  const voices: LiveVoices = new Map();
  const archived = new Map<string, LegMediaStats>();
  let closing = false;

  const registrar = new Registrar<SipConnection>(host, log, (b) => {
    if (b.conn.ext === b.ext) b.conn.ext = null; // an expired registration no longer vouches for the socket
  });
  const ctx: EdgeContext = {
    realm: SIP_REALM,
    registrar,
    calls: new Map(),
    legs: new Map(),
    media: opts.media ?? weriftMedia(pacer, log, voices),
    voices,
    ears: new Map(),
    pacer,
    recordings: gw.recordings,
    pbx: host,
    log,
    archive(legId, stats) {
      archived.set(legId, stats);
      if (archived.size > ARCHIVED_STATS) archived.delete(archived.keys().next().value!);
    },
    async mayTransfer(ext, target) {
      const [agent] = await gw.db
        .select({ tenantId: users.tenantId })
        .from(users)
        .where(and(eq(users.extension, ext), eq(users.hasWebrtc, true)))
        .limit(1);
      if (!agent) return false;
      return (await checkDial(gw.db, { tenantId: agent.tenantId, phone: target, at: gw.clock.now() }))
        .callable;
    },
  };
  const line = new EdgePhoneLine(ctx);

  // Stateless credentials (credentials.ts): recompute the password from the username and the agent's tenant.
  const check: DigestCheck = async (answer, method) => {
    const who = parseSipUsername(answer.username);
    if (!who || answer.realm !== ctx.realm) return null;
    if (who.expiresAtMs <= gw.clock.now()) return "expired";
    const rows = await gw.db
      .select({ tenantId: users.tenantId })
      .from(users)
      // Not has_webrtc: credentials are issued only to a WebRTC agent at sign-in, and a manager's toggle reaches
      // the agent at the next sign-in, so the softphone of this shift keeps registering until its credentials expire.
      // A deactivated account is refused at once.
      .where(and(eq(users.extension, who.ext), eq(users.disabled, false)));
    const ok = rows.some((r) =>
      verifyDigest(answer, method, sipPassword(mac, who.ext, r.tenantId, who.expiresAtMs)),
    );
    return ok ? { ext: who.ext } : null;
  };
  const requests = new SipRequests(ctx, line, { ctx, mac, check, now: () => Date.now() });

  const conns = new Set<SipConnection>();
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: 64 * 1024,
    handleProtocols: (p) => (p.has("sip") ? "sip" : false),
  });
  wss.on("connection", (ws) => {
    const conn = new SipConnection(ws, {
      request: (c, req) => requests.handle(c, req),
      closed: (c) => {
        conns.delete(c);
        if (closing) return;
        line.connectionLost(c);
        for (const call of [...ctx.calls.values()]) if (call.conn === c) dropCall(ctx, call);
        registrar.dropConnection(c);
      },
      log,
    });
    conns.add(conn);
    const idle = setTimeout(() => {
      if (!conn.registered) conn.close(4001);
    }, opts.registerWithinMs ?? 60_000);
    idle.unref();
  });

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    if ((req.url ?? "").split("?")[0] !== gw.config.sipPath) return; // not ours: socket.io's or nobody's
    const offered = String(req.headers["sec-websocket-protocol"] ?? "")
      .split(",")
      .map((s) => s.trim());
    if (!offered.includes("sip")) {
      socket.end("HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n");
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => wss.emit("connection", ws, req));
  };
  server.on("upgrade", onUpgrade);

  if (typeof host.attachPhoneLine === "function") host.attachPhoneLine(line);
  else gw.log.info("sip edge: the PBX takes no phone line yet; softphones register but are not rung");

  const edge: SipEdge = {
    line,
    stats: (legId) => ctx.legs.get(legId)?.media?.stats() ?? ctx.ears.get(legId)?.stats() ?? archived.get(legId),
    isRegistered: (ext) => registrar.lookup(ext) !== undefined,
    contactHost(ext) {
      const b = registrar.lookup(ext);
      return (b && parseUri(b.contactUri)?.host) || null;
    },
    settled: () => registrar.settled(),
    async close() {
      closing = true;
      server.off("upgrade", onUpgrade);
      registrar.close();
      for (const call of [...ctx.calls.values()]) dropCall(ctx, call);
      for (const legId of [...ctx.ears.keys()]) line.end(legId);
      for (const c of conns) c.terminate();
      conns.clear();
      pacer.stop();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      edges.delete(gw);
    },
  };
  edges.set(gw, edge);
  return edge;
}
