import type { PluginContext } from "../../src/sdk";
import type { HealthEappConfig } from "./config";
import { eappAccess, eappUrl, type EappAccess } from "./licence";

export interface HealthEappService {
  /** Whether the e-app may open for the current lead; observable (it follows the leads stack). */
  access(): EappAccess;
  /** The e-app's address for a lead. */
  urlFor(leadId: number): string;
}

export function createHealthEappService(ctx: PluginContext<undefined, HealthEappConfig>): HealthEappService {
  const licences = ctx.agent.healthLicenses;
  return {
    access: () => eappAccess(ctx.leads.current, licences),
    urlFor: (leadId) => eappUrl(ctx.config.url, leadId),
  };
}
