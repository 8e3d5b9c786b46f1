// The gateway's one view of telephony (ARCHITECTURE.md decision 13, reference/telephony.md §1). This issue
// defines the extension part: which extensions are registered or open, and do-not-disturb, which lives in
// the gateway and is mirrored to the PBX. Calls, AMD, conferences, transfers and recordings join the same
// interface later as further members of PbxDriver and further kinds of PbxEvent.

/** How an agent's extension reaches the PBX: the browser softphone, or an external desk phone (Bria). */
export type ExtensionVia = "webrtc" | "external";

export interface ExtensionStatus {
  ext: string;
  /** Known to the PBX at all. */
  known: boolean;
  via: ExtensionVia | null;
  /** A SIP registration is live (WebRTC) or the desk phone is open (external). */
  registered: boolean;
  /** Calls can reach it now: registered, and not (for external phones) closed. */
  reachable: boolean;
  dnd: boolean;
  /** Contacts registered (0 or 1 for the simulated PBX). */
  contacts: number;
  inCall: boolean;
}

/** Every event carries a per-driver sequence number and the driver clock's time, so consumers order them. */
export interface PbxEventBase {
  seq: number;
  ts: number;
}

export interface ExtensionStateEvent extends PbxEventBase {
  kind: "ExtensionState";
  ext: string;
  via: ExtensionVia | null;
  registered: boolean;
  reachable: boolean;
  dnd: boolean;
}

/** The union grows with the calls part (LegCreated, LegAnswered, AmdResult, Bridged, Conference, …). */
export type PbxEvent = ExtensionStateEvent;
export type PbxEventListener = (e: PbxEvent) => void;

export interface PbxExtensions {
  getExtensionStatus(ext: string): Promise<ExtensionStatus>;
  /** Do-not-disturb: the gateway's state, mirrored to the PBX. Idempotent. */
  setDnd(ext: string, on: boolean): Promise<void>;
}

export interface PbxDriver extends PbxExtensions {
  readonly name: string;
  connect(): Promise<void>;
  close(): Promise<void>;
  /** Subscribes to events; returns the unsubscribe function. */
  onEvent(listener: PbxEventListener): () => void;
}

/** Availability as the status change flow needs it (booking-and-reference §4 step 1). */
export function availabilityOf(s: ExtensionStatus): { available: boolean; reason: "not_registered" | "closed" | "unknown" | null } {
  if (!s.known) return { available: false, reason: "unknown" };
  if (s.reachable) return { available: true, reason: null };
  return { available: false, reason: s.via === "external" ? "closed" : "not_registered" };
}
