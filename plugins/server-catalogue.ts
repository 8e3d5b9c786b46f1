// The gateway routes that plugins own, in one list (the browser build never imports this file).
import type { Gateway } from "../server/gateway";
import type { RouteDef } from "../server/http/route";
import { goalsRoutes } from "./goals/server";

export const pluginRoutes: ((gw: Gateway) => RouteDef[])[] = [goalsRoutes];
