// The WebRTC users page (admin-and-sign-in §2 webrtc-users, §4 "WebRTC toggle: enabling posts, disabling
// deletes", §7 POST /agents/{id}/webrtc (201), DELETE /agents/{id}/webrtc (204)): a manager gives an agent a
// browser softphone or takes it away. The agent's page reads it at its next sign-in.
import { z } from "zod";
import { ErrorBody } from "./common";
import { defineEndpoint } from "./endpoint";
import { idParam } from "./ids";

/** The settings audit trail's subject of these toggles (GET /settings/changes?subject=webrtc-users). */
export const WEBRTC_USERS_SUBJECT = "webrtc-users";

/** POST /agents/{id}/webrtc answers the agent's id and its softphone flag as stored. */
export const WebRtcToggleResponse = z.object({ data: z.object({ id: z.number().int(), has_webrtc: z.boolean() }) });
export type WebRtcToggleResponse = z.infer<typeof WebRtcToggleResponse>;

/** What the audit trail holds before and after one toggle. */
export const WebRtcChange = z.object({ agentId: z.number().int(), enabled: z.boolean() });
export type WebRtcChange = z.infer<typeof WebRtcChange>;

export const WEBRTC_MESSAGES = {
  notAnAgent: "Only qualifiers and advisors have a WebRTC softphone.",
} as const;

/** The WebRTC users page's switch, turned on. */
export const enableWebRtc = defineEndpoint({
  method: "POST",
  path: "/agents/:id/webrtc",
  summary:
    "The WebRTC users page: gives an agent (qualifier or advisor) of the caller's call centre a WebRTC softphone (admin-and-sign-in §7). No body. 201 {data: {id, has_webrtc: true}}, also when it already had one. The agent's page gets the softphone at its next sign-in (has_webrtc in the sign-in answer; GET /webrtc/credentials answers from then on); a signed-in agent keeps its phone until then. 404 for no user of the call centre; 422 for an account that is not an agent. Managers and above; recorded in the settings audit trail (subject webrtc-users).",
  tags: ["agents"],
  params: idParam,
  responses: { 201: WebRtcToggleResponse, 404: ErrorBody, 422: ErrorBody },
});
/** The same switch, turned off. */
export const disableWebRtc = defineEndpoint({
  method: "DELETE",
  path: "/agents/:id/webrtc",
  summary:
    "The WebRTC users page: takes an agent's WebRTC softphone away (admin-and-sign-in §7); the agent uses its external phone from its next sign-in. 204, also when it had none. 404 for no user of the call centre; 422 for an account that is not an agent. Managers and above; recorded in the settings audit trail (subject webrtc-users).",
  tags: ["agents"],
  params: idParam,
  responses: { 204: z.null(), 404: ErrorBody, 422: ErrorBody },
});
