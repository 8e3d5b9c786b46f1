// Where the simulated PBX learns how an extension is provisioned: the agent who holds it, WebRTC softphone
// or external desk phone.
import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { users } from "../db/schema";
import type { ExtensionDirectory } from "./sim/extensions";

export type { ExtensionDirectory };

export function usersDirectory(db: Db): ExtensionDirectory {
  return async (ext) => {
    const [row] = await db.select({ hasWebrtc: users.hasWebrtc }).from(users).where(eq(users.extension, ext)).limit(1);
    if (!row) return null;
    return row.hasWebrtc ? "webrtc" : "external";
  };
}
