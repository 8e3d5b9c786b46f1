// The lead book's settings (issue 18): lead campaigns, lead prefixes and lead groups, with their relations.
// Every write is one transaction with its audit row (subjects lead-campaigns, lead-prefixes, lead-groups).
import type { Gateway } from "../../../gateway";
import type { RouteDef } from "../../../http/route";
import { leadCampaignRoutes } from "./campaigns";
import { leadGroupRoutes } from "./groups";
import { leadPrefixRoutes } from "./prefixes";
import type { Access } from "./shared";

export function leadBookRoutes(gw: Gateway, access: Access): RouteDef[] {
  return [...leadCampaignRoutes(gw, access), ...leadPrefixRoutes(gw, access), ...leadGroupRoutes(gw, access)];
}
