// Manager notifications (admin-and-sign-in §7 "POST /notifications {message, type, dismissible, expires,
// timeout, teamMembersOnly}"): sent by managers and above, stored with the agents they reach and pushed to
// them live (`notification`); agents read the ones still waiting and answer them (the alert popup's Confirm).
import { z } from "zod";
import { ErrorBody } from "../../../src/contract/common";
import { idParam } from "../../../src/contract/ids";
import {
  AgentNotificationList,
  AnswerNotificationBody,
  createNotification,
} from "../../../src/contract/notifications";
import type { Gateway } from "../../gateway";
import { HttpError, MESSAGES } from "../../http/errors";
import { idempotent } from "../../http/idempotency";
import { defineRoute, type RouteDef } from "../../http/route";
import { answer, deliver, sendNotification, waitingFor } from "./service";

/** admin-and-sign-in §6: notifications are for manager, admin and operations-manager (and super, between them). */
export const NOTIFICATION_SENDER_ROLES = ["manager"] as const;

export function notificationRoutes(gw: Gateway): RouteDef[] {
  return [
    defineRoute(createNotification, {
      access: { roles: NOTIFICATION_SENDER_ROLES },
      example: {
        body: {
          message: "Team meeting at 3 pm in room B",
          type: "warning",
          dismissible: true,
          expires: true,
          timeout: 30,
          teamMembersOnly: true,
        },
      },
      async handler({ caller, body, raw }, reply) {
        return idempotent(gw, caller, raw, reply, async (claim) => {
          const { sent, ...answer } = await sendNotification(gw, caller, body, claim);
          deliver(gw, sent);
          return answer;
        });
      },
    }),
    defineRoute({
      method: "GET",
      url: "/agents/me/notifications",
      summary:
        "The caller's notifications still waiting (not in the specification, which shows none: the same style): an expiring one until its timeout has run (remainingMs), one that does not expire until the agent confirms or dismisses it. Oldest first.",
      tags: ["notifications"],
      access: {},
      response: { 200: AgentNotificationList },
      async handler({ caller }) {
        return { data: await waitingFor(gw, caller.id) };
      },
    }),
    defineRoute({
      method: "PUT",
      url: "/agents/me/notifications/:id",
      summary:
        "The caller's answer to a notification sent to it (not in the specification: the same style): confirmed (the alert popup's Confirm) or dismissed (its close button). 204; the first answer is kept, so a retry is safe. 404 when it was not sent to the caller.",
      tags: ["notifications"],
      access: {},
      params: idParam,
      body: AnswerNotificationBody,
      response: { 204: z.null(), 404: ErrorBody, 422: ErrorBody },
      example: { body: { answer: "confirmed" } },
      async handler({ caller, params, body }, reply) {
        if (!(await answer(gw, caller.id, params.id, body.answer)))
          throw new HttpError(404, MESSAGES.resourceNotFound);
        reply.code(204);
        return null;
      },
    }),
  ];
}
