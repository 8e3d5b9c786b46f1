import { z } from "zod";
import { defineAgentFlags, type PluginContext } from "../../src/sdk";
import type { HealthEappConfig } from "./config";
import { eappAccess, eappUrl, type EappAccess } from "./licence";

export interface HealthEappService {
  /** Whether the e-app may open for the current lead; observable (it follows the leads stack). */
  access(): EappAccess;
  /** The e-app's address for a lead. */
  urlFor(leadId: number): string;
}

/** The states and provinces (two-letter codes) the advisor holds a health licence for: the sign-in health_licenses. */
export const healthLicences = defineAgentFlags(
  z.object({ health_licenses: z.array(z.string()).default([]) }),
);

export function createHealthEappService(ctx: PluginContext<undefined, HealthEappConfig>): HealthEappService {
  const licences = ctx.agent.flags(healthLicences).health_licenses;
  return {
    access: () => eappAccess(ctx.leads.current, licences),
    urlFor: (leadId) => eappUrl(ctx.config.url, leadId),
  };
}
