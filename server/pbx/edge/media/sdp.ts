// The little SDP text work the edge does itself: read and force the media direction (hold is a re-INVITE with
// a=sendonly or a=inactive, RFC 3264 §8.4), and a signalling-only description for when no media peer exists.
import { randomBytes } from "node:crypto";

export type Direction = "sendrecv" | "sendonly" | "recvonly" | "inactive";
const DIRECTIONS: Direction[] = ["sendrecv", "sendonly", "recvonly", "inactive"];

/** The direction of the first audio section (session level as fallback), sendrecv when unspecified. */
export function directionOf(sdp: string): Direction {
  let seenMedia = false;
  let inAudio = false;
  let session: Direction | null = null;
  for (const line of sdp.split(/\r?\n/)) {
    if (line.startsWith("m=")) {
      if (inAudio) break;
      seenMedia = true;
      inAudio = line.startsWith("m=audio");
      continue;
    }
    const d = DIRECTIONS.find((x) => line === `a=${x}`);
    if (!d) continue;
    if (!seenMedia) session = d;
    else if (inAudio) return d;
  }
  return session ?? "sendrecv";
}

/** What the answerer says to an offer of `d`. */
export function answerDirection(d: Direction): Direction {
  return d === "sendonly" ? "recvonly" : d === "recvonly" ? "sendonly" : d;
}

/** Rewrites every media section's direction attribute to `d` (adding one where missing). */
export function withDirection(sdp: string, d: Direction): string {
  const eol = sdp.includes("\r\n") ? "\r\n" : "\n";
  const out: string[] = [];
  let inMedia = false;
  let placed = false;
  const flush = () => {
    if (inMedia && !placed) out.push(`a=${d}`);
  };
  for (const line of sdp.split(/\r?\n/)) {
    if (line === "") continue;
    if (line.startsWith("m=")) {
      flush();
      inMedia = true;
      placed = false;
      out.push(line);
      continue;
    }
    if (DIRECTIONS.some((x) => line === `a=${x}`)) {
      if (inMedia && !placed) {
        out.push(`a=${d}`);
        placed = true;
      }
      continue; // session-level or duplicate direction lines go
    }
    out.push(line);
  }
  flush();
  return out.join(eol) + eol;
}

/** A well-formed WebRTC audio description without a peer behind it: calls still connect, silently. */
export function signallingOnlySdp(role: "offer" | "answer"): string {
  const id = BigInt("0x" + randomBytes(6).toString("hex")).toString();
  const fingerprint = [...randomBytes(32)]
    .map((b) => b.toString(16).padStart(2, "0").toUpperCase())
    .join(":");
  return [
    "v=0",
    `o=- ${id} 1 IN IP4 127.0.0.1`,
    "s=-",
    "t=0 0",
    "m=audio 9 UDP/TLS/RTP/SAVPF 0",
    "c=IN IP4 0.0.0.0",
    "a=rtcp:9 IN IP4 0.0.0.0",
    `a=ice-ufrag:${randomBytes(4).toString("hex")}`,
    `a=ice-pwd:${randomBytes(12).toString("hex")}`,
    `a=fingerprint:sha-256 ${fingerprint}`,
    `a=setup:${role === "offer" ? "actpass" : "passive"}`,
    "a=mid:0",
    "a=sendrecv",
    "a=rtcp-mux",
    "a=rtpmap:0 PCMU/8000",
    "",
  ].join("\r\n");
}
