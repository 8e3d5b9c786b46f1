// What a plugin's gateway side (plugins/<id>/server.ts) receives: a narrow view of the gateway, built once per
// plugin from the Gateway and the plugin's manifest by routeTable(). A plugin never gets the Gateway itself, so it cannot reach the PBX, sessions,
// tokens or another module's services; when a plugin needs more, one field is added here, said in one line.
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from "fastify";
import type { Clock } from "../../src/shared/clock";
import type { z } from "zod";
import type { PushKey } from "../../src/contract/push";
import type { ClientEventKey } from "../../src/contract/clientEvent";
import type { ClientEventHandler, ClientEventOptions } from "../realtime/pluginEvents";
import type { PartnerParty, PartnerTransferKind } from "../modules/calls/transferTargets";
import type { TransferAction } from "../modules/calls/transfers";
import { leadAccess, mayActOnAgent, type AccessPolicy, type Caller } from "../auth/access";
import type { Db } from "../db/client";
import type { Gateway } from "../gateway";
import { idempotent, type IdempotencyClaim, type IdempotentAnswer } from "../http/idempotency";
import { readSetting } from "../modules/settings/store";
import type { PlaybackMedia, SupervisionMode } from "../pbx/driver";
import type { CallEventListener } from "../modules/calls/followed";
import type { CallFacetSource } from "../modules/leads/history";
import type { ClipOwner } from "../modules/calls/playback";
import type { StartedRecording } from "../modules/calls/recording";
import type { CallRelinkHook } from "../modules/calls/relink";
import type { RecordingStore } from "../recordings/store";
import type { StatusChanged } from "../modules/status/service";
import { advisorsNear, type NearbyAdvisor } from "../modules/agents/nearby";
import { applyBooking, type LeadBooking } from "../modules/leads/booked";
import { placeOfPostal } from "../modules/geo/postal";
import { ADVISOR_RADIUS_KM } from "../../src/contract/geo";
import { callCentreOf, tenantFeatures, type CallCentre } from "../dialer/features";
import type { PluginStaticManifest } from "../../src/contract/pluginManifest";
import { offeredTo } from "./offered";
import type { MailAttachment } from "../mail/mailer";
import { gatewayOutbox, type Outbox } from "../mail/outbox";
import { sendToAgent } from "../modules/notifications/service";
import type { NotificationType } from "../../src/contract/notifications";
import { rooms } from "../realtime/push";
import type { SQL } from "drizzle-orm";
import { holdsRoleAtLeast } from "../../src/contract/common";
import * as dncLists from "../compliance/dncLists";
import type { DncAdd, DncEntry, DncListInfo, DncSource, RemoveOutcome as DncRemoveOutcome } from "../compliance/dncLists";
import { intakeLeads, type IntakeOptions, type IntakeResult } from "../modules/leads/intake";
import { holdLeads, releaseLeads, removeUndialled, resetDials } from "../modules/leads/bulk";
import { markDoNotCall, reassignLead, type ReassignOutcome } from "../modules/leads/manage";

export type { Caller } from "../auth/access";
export type { CallCentre } from "../dialer/features";
export type { PlaybackMedia, SupervisionMode } from "../pbx/driver";
export type { CallFacetSource } from "../modules/leads/history";
export type { ClipOwner, PlayedClip } from "../modules/calls/playback";
export type { StartedRecording } from "../modules/calls/recording";
export type { CallRelinked, CallRelinkHook } from "../modules/calls/relink";
export type { RecordedFile } from "../recordings/store";
export type { BookedLeadDetails, LeadBooking } from "../modules/leads/booked";
export type { ClientEventHandler, ClientEventOptions, SocketCaller } from "../realtime/pluginEvents";
export type { PartnerParty, PartnerTransferKind } from "../modules/calls/transferTargets";
export type { TransferAction } from "../modules/calls/transfers";
export type { DncAdd, DncEntry, DncListInfo, DncListKind, DncSource, RemoveOutcome as DncRemoveOutcome } from "../compliance/dncLists";
export type { IntakeOptions, IntakeResult } from "../modules/leads/intake";
export type { ReassignOutcome } from "../modules/leads/manage";
export type { MailAttachment } from "../mail/mailer";

/** A plugin's e-mail: the gateway sends it from MAIL_FROM. */
export interface PluginMail {
  /** 1 or more addresses, on one message. */
  to: readonly string[];
  subject: string;
  /** The body, plain text. */
  text: string;
  /** Files sent with it (a report's CSV). */
  attachments?: readonly MailAttachment[];
}

export interface PluginServerContext {
  /** The database. A plugin writes only its own tables; it may read the core's (server/db/schema.ts). */
  readonly db: Db;
  /**
   * The same database for long reads a person waits for but the floor must not (reports, exports): on PostgreSQL
   * its own pool of DATABASE_READ_LANE_SIZE connections (1 by default), so that these reads, however many at once,
   * hold at most that many database backends and queue behind each other there, while `db`'s pool serves the
   * agents' short statements. Read only through it (a write belongs to `db`, in the plugin's own tables; with
   * DATABASE_READ_URL the lane is a replica, which refuses writes and may lag `db` by its replay delay); several
   * reads sent at once on it run one after the other. On PGlite it is `db`.
   */
  readonly readLane: Db;
  /** The gateway's clock: every time a plugin counts comes from it (tests move it). */
  readonly clock: Clock;
  readonly log: FastifyBaseLogger;
  /** Per-tenant settings documents, read only: the settings module alone writes them (server/README.md). */
  readonly settings: {
    /** The document under `key`, over `fallback` (its defaults) key by key; `fallback` when never saved. */
    read<T>(tenantId: number, key: string, fallback: T): Promise<T>;
  };
  /** The call centre's feature flags (declared defaults, its variant's, its own): a route a flag switches off refuses. */
  features(tenantId: number): Promise<Record<string, boolean>>;
  /** The call centre's variant (clients per lead, country, languages…) and flags; null for no such tenant. */
  callCentre(tenantId: number): Promise<CallCentre | null>;
  /**
   * Whether the call centre has this plugin (its manifest's requirements, the admin's switch). Every route of the
   * plugin is already refused where it has not (server/plugins/offered.ts); this is for work outside a request:
   * a clip played into a call, an event.
   */
  offered(tenantId: number): Promise<boolean>;
  /**
   * Object-level checks for an agent or a lead a route names outside its path (in a body or a query). A path
   * parameter is better declared on the route (`access: { agentParam }` / `{ leadParam }`): checked and audited
   * before the handler runs. `policy` gives `othersFrom` (default: managers and above).
   */
  readonly access: {
    mayActOnAgent(caller: Caller, agentId: number, policy?: AccessPolicy): Promise<boolean>;
    /** "missing" for a lead of another tenant or none (answer 404), "denied" for another agent's lead. */
    leadAccess(caller: Caller, leadId: number, policy?: AccessPolicy): Promise<"ok" | "missing" | "denied">;
  };
  /** A write that must not happen twice runs once per Idempotency-Key (server/http/idempotency.ts). */
  idempotent<T>(
    caller: Caller,
    raw: FastifyRequest,
    reply: FastifyReply,
    write: (claim: IdempotencyClaim) => Promise<IdempotentAnswer<T>>,
  ): Promise<T>;
  /**
   * Sends the plugin's own pushes (`definePush` in its contract.ts, the object its browser side lists in
   * `pushes`) to an agent's sockets, a call centre's managers or all its agents; with the Redis adapter on every
   * gateway instance; silent without socket.io. The payload is checked against the push's schema (a malformed
   * one throws), and a plugin cannot send under the name of one of the core's pushes.
   */
  readonly realtime: {
    toAgent<S extends z.ZodType>(push: PushKey<S>, userId: number, payload: z.input<S>): void;
    toManagers<S extends z.ZodType>(push: PushKey<S>, tenantId: number, payload: z.input<S>): void;
    toTenant<S extends z.ZodType>(push: PushKey<S>, tenantId: number, payload: z.input<S>): void;
    /**
     * Whether a manager of the call centre has the dialer open now (a live socket on any gateway instance), i.e.
     * whether `toManagers` reaches anyone. Work done only for such a push, a read of the database above all, can
     * wait until one is: a manager who opens the dialer reads a fresh snapshot anyway. False without socket.io.
     */
    managersOnline(tenantId: number): Promise<boolean>;
    /**
     * Answers the plugin's own client event (`defineClientEvent` in its contract.ts, sent by its browser side with
     * `ctx.call.send`). Before `handler` runs, the gateway has parsed the payload with the event's schema, refused
     * an agent naming another extension, a call centre without the plugin (or with it off) and a deactivated
     * agent, and passed the number in `options.dials` through the compliance gate; a refusal a domain service
     * throws is the ack. A core event's name, or another plugin's, throws. Registering again replaces.
     */
    onClientEvent<K extends ClientEventKey>(
      event: K,
      handler: ClientEventHandler<K>,
      options?: ClientEventOptions<K>,
    ): void;
  };
  /**
   * What happens on the gateway, after the owning module applied it. Each returns its unsubscribe. A listener
   * that does work passes it to `background`, never awaits it in the listener.
   */
  readonly events: {
    /**
     * Every call event (legs, answers, hang-ups, bridges, AMD) after the call service recorded it, with what it
     * knows of the call when it follows it (its call centre, its agents, whether the leg is theirs or the lead's):
     * read the `calls` rows only when that is undefined.
     */
    onCall(listener: CallEventListener): () => void;
    /** Every agent status change after it was stored. */
    onStatusChanged(listener: (e: StatusChanged) => void): () => void;
  };
  /**
   * Recorded clips agents may play into their answered calls by name (the `audio-playback` socket event), to
   * the call centres `offered` says (a feature flag); the PBX plays them to the lead and the agent hears them.
   * The owner hears of each clip played once it finished (`played`), to keep it as proof.
   */
  readonly playback: {
    register(clips: readonly PlaybackMedia[], owner: ClipOwner): void;
  };
  /**
   * Recordings of an agent's answered call (extra recordings): the PBX writes the call's audio, both
   * directions, as the store's file `keyOf(call)`; its RecordingFinished call event says what the file holds. The
   * store reads files back (playback) and completes one a crash left open (`repair`).
   */
  readonly recordings: {
    start(
      agentId: number,
      keyOf: (call: { id: number; tenantId: number }) => string,
    ): Promise<StartedRecording | null>;
    stop(recId: string): Promise<void>;
    readonly store: Pick<RecordingStore, "open" | "repair">;
  };
  /**
   * A call moved to another lead (the lead matcher's PUT /calls/{callId}/lead): a plugin whose table keeps the
   * call's lead_id moves its rows of that call in `hook`, inside the relink's transaction (`tx`), so they move
   * with the call or not at all. Returns the hook's removal.
   */
  readonly calls: {
    onRelink(hook: CallRelinkHook): () => void;
    /**
     * A manager ends an agent's call: hung up at the PBX when the gateway follows it ("ended"), an open row no
     * call is behind any more closed ("closed", the agent then in after-call work), or "none".
     */
    endByManager(agentId: number, manager: Caller): Promise<"ended" | "closed" | "none">;
    /**
     * A manager's phone on an agent's answered call (PbxCalls.supervise): it listens (monitor), coaches the agent
     * (whisper) or joins the conversation (barge); called again it changes the mode on the same leg. The
     * supervisor's leg rings `ext` and answers by itself. null when the agent has no answered call.
     */
    supervise(
      agentId: number,
      ext: string,
      mode: SupervisionMode,
    ): Promise<{ callId: number; pbxCallId: string; legId: string; agentLegId: string } | null>;
    /** Hangs up a supervisor's leg `supervise` returned (the manager leaves); the call goes on. */
    endSupervision(legId: string): Promise<void>;
    /** Where a leg of a PBX call stands now: ringing, answered, or gone (ended, or never was). */
    legState(pbxCallId: string, legId: string): Promise<"ringing" | "answered" | "gone">;
    /**
     * Transfers of the agent's answered call to a party outside the call centre that the plugin resolved (its
     * partners: who may transfer to whom is the plugin's), on the call's conference in the three levels of the
     * core's external transfer; the call snapshot carries the level to the browser. Refusals throw (the plugin's
     * client event answers them as its ack).
     */
    readonly transfers: {
      /** Level 1 → 2: dials `party` (through the compliance gate) while the lead waits on hold; the lead's disposition becomes Sent External with `party.reason`. */
      start(agent: { id: number; tenantId: number }, party: PartnerParty): Promise<void>;
      /** join (2 → 3), leave (3: the lead stays with the party), kick and destroy (back to 1) of the call's `kind` transfer, to `phone` when given. */
      control(agentId: number, kind: PartnerTransferKind, action: TransferAction, phone?: string): Promise<void>;
    };
  };
  /**
   * The lead writes a plugin's own domain causes, owned by the leads module: a plugin never writes the core's
   * tables itself. Each takes the plugin's transaction, so its own rows and the lead's change commit together.
   */
  readonly leads: {
    /** A meeting booked: the lead's details and status, its pending follow-ups done, the advisor's meeting follow-up. */
    applyBooking(tx: Db, booking: LeadBooking): Promise<void>;
    /**
     * Leads from outside (a publisher's post, an import's rows), a batch at once: each checked by the lead contract
     * (src/contract/leadIntake.ts), its address, prefix, countries, every Do Not Call list and duplicates, then
     * written (or, by the policy, a duplicate updated) in `tx`. One result per input, in order; `dryRun` writes
     * nothing.
     */
    intake(tx: Db, tenantId: number, inputs: readonly unknown[], opts: IntakeOptions): Promise<IntakeResult[]>;
    /**
     * Many leads at once, chosen by `which`: a subquery of lead ids over the plugin's own table (the statement
     * keeps to the call centre). `hold` keeps them from the dialer ("Why this lead?" names `label`) until `release`.
     */
    hold(tx: Db, tenantId: number, key: string, label: string, which: SQL): Promise<number>;
    release(tx: Db, tenantId: number, key: string, which?: SQL): Promise<number>;
    /** The dialing sequence starts over: dial counts back to 0. */
    resetDials(tx: Db, tenantId: number, which: SQL): Promise<number>;
    /** Removes those never dialled and untouched (no call, disposition, follow-up, owner); answers their ids. */
    removeUndialled(tx: Db, tenantId: number, which: SQL): Promise<number[]>;
    /**
     * A manager gives the lead to an agent (an active qualifier or advisor of the call centre) or back to the pool
     * (null), its pending follow-ups with it (cancelled back to the pool); a lead in process stays. Audited.
     */
    reassign(tenantId: number, leadId: number, ownerId: number | null, actor: Caller): Promise<ReassignOutcome>;
    /** A manager marks the lead Do Not Call: its status, its numbers on the internal list with the reason. Audited. */
    markDoNotCall(tenantId: number, leadId: number, reason: string, consumerRequest: boolean, actor: Caller): Promise<boolean>;
  };
  /**
   * The call centre's Do Not Call lists, owned by the compliance module (server/compliance/dncLists.ts): the
   * internal list (id 0) and imported ones. The gate and the dialer read them at every dial, so an added number
   * is refused from the next dial on.
   */
  readonly dnc: {
    lists(tenantId: number): Promise<DncListInfo[]>;
    list(tenantId: number, listId: number): Promise<DncListInfo | null>;
    createList(
      tenantId: number,
      list: { name: string; kind: "registry" | "partner"; source: string; expiresAt: Date | null; createdBy: number | null },
    ): Promise<number>;
    /** A list and its numbers (not the internal list); audited. */
    deleteList(tenantId: number, listId: number, actor: Caller): Promise<boolean>;
    /** Numbers onto a list, in batches under the numbers' locks; a number already there is added again. */
    add(
      tenantId: number,
      listId: number,
      entries: readonly DncAdd[],
      by: { source: DncSource; agentId: number | null; expiresAt?: Date | null },
    ): Promise<{ added: number; renewed: number }>;
    /** A number off a list, the reason in the audit log; a consumer's own request needs a manager or above. */
    remove(tenantId: number, listId: number, phone: string, reason: string, actor: Caller): Promise<DncRemoveOutcome>;
    /** Every list a number is on, the most recent first. */
    find(tenantId: number, phone: string): Promise<DncEntry[]>;
    /** A list's entries in number order, after `after`. */
    entries(tenantId: number, listId: number, page: { after?: string | null; limit: number }): Promise<DncEntry[]>;
  };
  /**
   * What the plugin keeps with calls, shown with them in the lead history (GET /leads/{id}/history): `source` gives
   * the plugin's facet of each call named that has one (its shape is the plugin's, declared in its contract.ts), and
   * the history puts it under `facets[<plugin id>]`, where the plugin's browser side (`callFacet`) shows it. One
   * source per plugin: a second call replaces the first.
   */
  readonly leadHistory: {
    addCallFacet(source: CallFacetSource): void;
  };
  /**
   * What a manager does to an agent of its call centre, owned by the status and notifications modules: the
   * caller's right to act on the agent is the route's (`access: { agentParam }`).
   */
  readonly agents: {
    /** Sets the agent offline as its manager (audited with the manager as the actor; the agent's page follows). */
    setOffline(agentId: number, manager: Caller): Promise<void>;
    /**
     * A message to that agent alone, kept until the agent confirms it (a notification of scope "agent"); under an
     * Idempotency-Key, pass the claim: the answer 201 {data: {id}} is kept with the notification.
     */
    notify(agentId: number, sender: Caller, message: string, type: NotificationType, claim?: IdempotencyClaim): Promise<{ id: number }>;
  };
  /**
   * The gateway's outgoing e-mail (server/mail/outbox.ts): SMTP (SMTP_URL, MAIL_FROM) and, when DEV_MAILBOX is on,
   * the development mailbox (its row keeps an attachment's name and size, not its content). `send` resolves once the
   * transport accepted the message and rejects with a `MailNotSent` (its `code`: the transport's error code, or
   * "no_transport") when it did not, so the plugin records the outcome and tries again. `what` names the mail in the
   * log, with the call centre; the log never holds an address or the content.
   */
  readonly mail: {
    send(mail: PluginMail, log: { what: string; tenantId: number }): Promise<void>;
  };
  /** Work started outside a request (an event, a timer): a failure is logged, and closing waits for it. */
  background(what: string, work: () => Promise<unknown>): void;
  /**
   * The gateway is closing: long background work (an import's batches) stops at its next step and leaves the rest
   * to whichever instance runs next, since closing waits for it.
   */
  closing(): boolean;
  /**
   * Resolves once this gateway instance answers no request, or after `maxWaitMs` (always after a turn of the event
   * loop). Long background work (an import's batches) awaits it before each step, outside any transaction, so the
   * agents' requests go first and the work still progresses under load (server/http/requestsInFlight.ts).
   */
  requestsSettled(maxWaitMs: number): Promise<void>;
  /**
   * Background work to do once the gateway has started and follows the PBX again: a lone gateway has by then
   * closed the calls a crash left open (what a plugin tidies after a crash can be judged from them).
   */
  afterStart(what: string, work: () => Promise<unknown>): void;
  /**
   * The call centre's advisors whose home base lies within the area's radius of a postal code, nearest first
   * (none when the code places only a province). Throws the geocoding's 404/422 for a code it cannot place.
   */
  readonly advisors: {
    around(tenantId: number, postal: string, mga?: string | null): Promise<NearbyAdvisor[]>;
  };
}

/** Built once per plugin, from the gateway's services, when the route table is built (server/routes.ts). */
export function pluginServerContext(gw: Gateway, manifest: PluginStaticManifest): PluginServerContext {
  // Made on first use: the route table is also built without a running gateway (the access matrix).
  let outbox: Outbox | undefined;
  return Object.freeze({
    db: gw.db,
    readLane: gw.readLane,
    clock: gw.clock,
    log: gw.log,
    settings: Object.freeze({
      read: <T>(tenantId: number, key: string, fallback: T) => readSetting(gw.db, tenantId, key, fallback),
    }),
    features: (tenantId: number) => tenantFeatures(gw.db, tenantId),
    callCentre: (tenantId: number) => callCentreOf(gw.db, tenantId, gw.variants),
    offered: async (tenantId: number) => (await offeredTo(gw, manifest, tenantId)) === "ok",
    access: Object.freeze({
      mayActOnAgent: (caller: Caller, agentId: number, policy: AccessPolicy = {}) =>
        mayActOnAgent(gw.db, policy, caller, agentId),
      leadAccess: (caller: Caller, leadId: number, policy: AccessPolicy = {}) =>
        leadAccess(gw.db, policy, caller, leadId),
    }),
    idempotent: <T>(
      caller: Caller,
      raw: FastifyRequest,
      reply: FastifyReply,
      write: (claim: IdempotencyClaim) => Promise<IdempotentAnswer<T>>,
    ) => idempotent<T>(gw, caller, raw, reply, write),
    realtime: Object.freeze({
      toAgent: <S extends z.ZodType>(push: PushKey<S>, userId: number, payload: z.input<S>) =>
        gw.push.pluginPush(rooms.agent(userId), push, payload),
      toManagers: <S extends z.ZodType>(push: PushKey<S>, tenantId: number, payload: z.input<S>) =>
        gw.push.pluginPush(rooms.managers(tenantId), push, payload),
      toTenant: <S extends z.ZodType>(push: PushKey<S>, tenantId: number, payload: z.input<S>) =>
        gw.push.pluginPush(rooms.tenant(tenantId), push, payload),
      managersOnline: (tenantId: number) => gw.push.managersOnline(tenantId),
      onClientEvent: <K extends ClientEventKey>(
        event: K,
        handler: ClientEventHandler<K>,
        options?: ClientEventOptions<K>,
      ) => gw.clientEvents.add(manifest, event, handler, options),
    }),
    events: Object.freeze({
      onCall: (listener: CallEventListener) => gw.calls.onCallEvent(listener),
      onStatusChanged: (listener: (e: StatusChanged) => void) => gw.statuses.onChanged(listener),
    }),
    playback: Object.freeze({
      register: (clips: readonly PlaybackMedia[], owner: ClipOwner) =>
        gw.calls.playback.register(clips, owner),
    }),
    recordings: Object.freeze({
      start: (agentId: number, keyOf: (call: { id: number; tenantId: number }) => string) =>
        gw.calls.recording.start(agentId, keyOf),
      stop: (recId: string) => gw.calls.recording.stop(recId),
      store: Object.freeze({
        open: (key: string, range?: { start: number; end: number }) => gw.recordings.open(key, range),
        repair: (key: string) => gw.recordings.repair(key),
      }),
    }),
    calls: Object.freeze({
      onRelink: (hook: CallRelinkHook) => gw.calls.relinks.on(hook),
      endByManager: (agentId: number, manager: Caller) => gw.calls.endByManager(agentId, manager.id),
      supervise: (agentId: number, ext: string, mode: SupervisionMode) => gw.calls.supervise(agentId, ext, mode),
      endSupervision: (legId: string) => gw.calls.endSupervision(legId),
      legState: (pbxCallId: string, legId: string) => gw.calls.legState(pbxCallId, legId),
      transfers: Object.freeze({
        start: (agent: { id: number; tenantId: number }, party: PartnerParty) =>
          gw.calls.transfers.start(agent, party),
        control: (agentId: number, kind: PartnerTransferKind, action: TransferAction, phone?: string) =>
          gw.calls.transfers.control(agentId, kind, action, phone),
      }),
    }),
    leads: Object.freeze({
      applyBooking: (tx: Db, booking: LeadBooking) => applyBooking(tx, booking),
      intake: (tx: Db, tenantId: number, inputs: readonly unknown[], opts: IntakeOptions) =>
        intakeLeads(tx, tenantId, inputs, opts),
      hold: (tx: Db, tenantId: number, key: string, label: string, which: SQL) =>
        holdLeads(tx, tenantId, `${manifest.id}:${key}`, label, which),
      release: (tx: Db, tenantId: number, key: string, which?: SQL) =>
        releaseLeads(tx, tenantId, `${manifest.id}:${key}`, which),
      resetDials: (tx: Db, tenantId: number, which: SQL) => resetDials(tx, tenantId, which),
      removeUndialled: (tx: Db, tenantId: number, which: SQL) => removeUndialled(tx, tenantId, which),
      reassign: (tenantId: number, leadId: number, ownerId: number | null, actor: Caller) =>
        reassignLead(gw.db, tenantId, leadId, ownerId, actor, new Date(gw.clock.now())),
      markDoNotCall: (tenantId: number, leadId: number, reason: string, consumerRequest: boolean, actor: Caller) =>
        markDoNotCall(gw.db, tenantId, leadId, { reason, consumerRequest, actor, at: new Date(gw.clock.now()) }),
    }),
    dnc: Object.freeze({
      lists: (tenantId: number) => dncLists.listsOf(gw.db, tenantId, new Date(gw.clock.now())),
      list: (tenantId: number, listId: number) => dncLists.listOf(gw.db, tenantId, listId, new Date(gw.clock.now())),
      createList: (
        tenantId: number,
        list: { name: string; kind: "registry" | "partner"; source: string; expiresAt: Date | null; createdBy: number | null },
      ) => dncLists.createList(gw.db, tenantId, { ...list, at: new Date(gw.clock.now()) }),
      deleteList: (tenantId: number, listId: number, actor: Caller) =>
        dncLists.deleteList(gw.db, tenantId, listId, actor, new Date(gw.clock.now())),
      add: (
        tenantId: number,
        listId: number,
        entries: readonly DncAdd[],
        by: { source: DncSource; agentId: number | null; expiresAt?: Date | null },
      ) => dncLists.addNumbers(gw.db, tenantId, listId, entries, { ...by, at: new Date(gw.clock.now()) }),
      remove: (tenantId: number, listId: number, phone: string, reason: string, actor: Caller) =>
        dncLists.removeNumber(gw.db, tenantId, listId, phone, {
          reason,
          actor,
          mayRemoveConsumerRequests: holdsRoleAtLeast(actor.roles, "manager"),
          at: new Date(gw.clock.now()),
        }),
      find: (tenantId: number, phone: string) => dncLists.findNumber(gw.db, tenantId, phone, new Date(gw.clock.now())),
      entries: (tenantId: number, listId: number, page: { after?: string | null; limit: number }) =>
        dncLists.entriesOf(gw.db, tenantId, listId, page, new Date(gw.clock.now())),
    }),
    leadHistory: Object.freeze({
      addCallFacet: (source: CallFacetSource) => gw.callFacets.add(manifest.id, source),
    }),
    agents: Object.freeze({
      async setOffline(agentId: number, manager: Caller) {
        await gw.statuses.setOffline(agentId, "manager", { actorId: manager.id, reason: "set offline by a manager" });
      },
      notify: (agentId: number, sender: Caller, message: string, type: NotificationType, claim?: IdempotencyClaim) =>
        sendToAgent(gw, sender, agentId, message, type, claim),
    }),
    mail: Object.freeze({
      send: (mail: PluginMail, log: { what: string; tenantId: number }) =>
        (outbox ??= gatewayOutbox(gw)).deliver(mail, { what: `${manifest.id}: ${log.what}`, tenantId: log.tenantId }),
    }),
    background: (what: string, work: () => Promise<unknown>) => gw.background.run(what, work),
    closing: () => gw.background.isClosed,
    requestsSettled: (maxWaitMs: number) => gw.requests.settled(maxWaitMs),
    afterStart: (what: string, work: () => Promise<unknown>) =>
      void gw.started.then(() => gw.background.run(what, work)),
    advisors: Object.freeze({
      async around(tenantId: number, postal: string, mga?: string | null) {
        const place = placeOfPostal(postal);
        if (place.precision !== "postal") return [];
        return advisorsNear(gw.db, tenantId, place.latitude, place.longitude, {
          radiusKm: ADVISOR_RADIUS_KM,
          mga: mga ?? undefined,
        });
      },
    }),
  });
}
