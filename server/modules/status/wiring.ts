// Builds the status module's services and connects them: a new period reaches the overstay detector, and
// a logout leaves the agent offline (agent-workspace §4: logout sets offline on the gateway).
import type { FastifyBaseLogger } from "fastify";
import type { Clock } from "../../../src/shared/clock";
import type { SessionService } from "../../auth/sessions";
import type { Db } from "../../db/client";
import type { PbxDriver } from "../../pbx/driver";
import type { Push } from "../../realtime/push";
import type { BackgroundWork } from "./background";
import type { ChatPost } from "./chatNotices";
import { OverstayDetector } from "./overstay";
import { StatusService } from "./service";

export function statusServices(deps: {
  db: Db;
  clock: Clock;
  pbx: PbxDriver;
  push: Push;
  log: FastifyBaseLogger;
  background: BackgroundWork;
  sessions: SessionService;
  chatPost?: ChatPost;
}) {
  const statuses = new StatusService(deps);
  const overstays = new OverstayDetector(deps);
  statuses.onChanged((e) => overstays.onStatusChanged(e));
  deps.sessions.onRevoked(async (e) => {
    if (e.reason === "logout") await statuses.setOffline(e.userId, "agent", { reason: "logout" });
  });
  return { statuses, overstays };
}
