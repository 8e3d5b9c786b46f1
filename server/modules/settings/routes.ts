import { z } from "zod";
import { ErrorBody } from "../../../src/contract/common";
import { DEFAULT_GLOBAL_SETTINGS, GlobalSettings } from "../../../src/contract/settings";
import type { Gateway } from "../../gateway";
import { defineRoute, type RouteDef } from "../../http/route";
import { readSetting, writeSetting } from "./store";

/** The settings area belongs to managers, admins and operations-managers (admin-and-sign-in §6). */
export const SETTINGS_ACCESS = { roles: ["manager"] } as const;

export function settingsRoutes(gw: Gateway): RouteDef[] {
  return [
    defineRoute({
      method: "GET",
      url: "/settings/globals",
      summary: "General Settings: every global key as a number.",
      tags: ["settings"],
      access: SETTINGS_ACCESS,
      response: { 200: GlobalSettings },
      handler: ({ caller }) => readSetting(gw.db, caller.tenantId, "globals", DEFAULT_GLOBAL_SETTINGS),
    }),
    defineRoute({
      method: "PUT",
      url: "/settings/globals",
      summary: "Saves the whole set of global settings.",
      tags: ["settings"],
      access: SETTINGS_ACCESS,
      body: GlobalSettings,
      response: { 204: z.null(), 422: ErrorBody },
      example: { body: DEFAULT_GLOBAL_SETTINGS },
      async handler({ caller, body }, reply) {
        await writeSetting(gw.db, caller.tenantId, "globals", body, new Date(gw.clock.now()));
        reply.code(204);
        return null;
      },
    }),
  ];
}
