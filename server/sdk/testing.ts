// The gateway SDK's test entry, for a plugin's gateway tests (*.server.test.ts): a whole gateway over the seeded
// demo data (startTestGateway), the simulated PBX, every table for fixtures, and the context a plugin's routes
// are built from. Tests may write any table to arrange a case; the plugin's own code may not (server/sdk).
import { manifestOf } from "../plugins/manifests";
import { pluginServerContext, type PluginServerContext } from "../plugins/context";
import type { Gateway } from "../gateway";

export * from "../test/harness";
export { countStatements, type StatementLog } from "../test/statements";
export * from "../db/schema";
export { SimPbx } from "../pbx/sim/extensions";
/** Both PBX drivers a call test runs on (`describe.each(TELEPHONIES)`, startTestGateway's `telephony`). */
export { TELEPHONIES, type TelephonyName } from "../test/telephony";
export type { AgentPhoneLine } from "../pbx/driver";
export { WAV_HEADER_BYTES, type RecordingWriter } from "../recordings/store";
export { routeTable } from "../routes";
/** A local SMTP server that keeps what it gets: a gateway given its url (config smtpUrl, mailFrom) sends there (ctx.mail). */
export { startFakeSmtp, type FakeSmtp, type ReceivedMail } from "../mail/fakeSmtp";

/** The context the gateway builds for plugin `pluginId` (its manifest's), to call a plugin's functions directly. */
export function pluginContextOf(gw: { gw: Gateway }, pluginId: string): PluginServerContext {
  const manifest = manifestOf(pluginId);
  if (!manifest) throw new Error(`No plugin ${pluginId} (plugins/${pluginId}/manifest.ts)`);
  return pluginServerContext(gw.gw, manifest);
}
