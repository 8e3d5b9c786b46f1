// The WebRTC users page (admin-and-sign-in §2 webrtc-users, §4 "WebRTC toggle: enabling posts, disabling
// deletes", §7 POST /agents/{id}/webrtc (201), DELETE /agents/{id}/webrtc (204)): a manager gives an agent a
// browser softphone or takes it away. The agent's page reads it at its next sign-in.
import { z } from "zod";

/** The settings audit trail's subject of these toggles (GET /settings/changes?subject=webrtc-users). */
export const WEBRTC_USERS_SUBJECT = "webrtc-users";

export const webrtcUrl = (agentId: number) => `/agents/${agentId}/webrtc`;

/** POST /agents/{id}/webrtc answers the agent's id and its softphone flag as stored. */
export const WebRtcToggleResponse = z.object({ data: z.object({ id: z.number().int(), has_webrtc: z.boolean() }) });
export type WebRtcToggleResponse = z.infer<typeof WebRtcToggleResponse>;

/** What the audit trail holds before and after one toggle. */
export const WebRtcChange = z.object({ agentId: z.number().int(), enabled: z.boolean() });
export type WebRtcChange = z.infer<typeof WebRtcChange>;

export const WEBRTC_MESSAGES = {
  notAnAgent: "Only qualifiers and advisors have a WebRTC softphone.",
} as const;
