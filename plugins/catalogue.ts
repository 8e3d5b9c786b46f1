// Every plugin of the product, by id, loaded on demand. The only list of plugins: variants pick from it.
import type { Catalogue } from "../src/core/plugin";

export const catalogue = {
  goals: () => import("./goals"),
  overstays: () => import("./overstays"),
  softphone: () => import("./softphone"),
  "voicemail-detection": () => import("./voicemail-detection"),
  "inbound-alert": () => import("./inbound-alert"),
  dispositions: () => import("./dispositions"),
  "auto-dialing": () => import("./auto-dialing"),
  "user-summary": () => import("./user-summary"),
  "lead-explain": () => import("./lead-explain"),
  "lead-card": () => import("./lead-card"),
  booking: () => import("./booking"),
  transfers: () => import("./transfers"),
  "transfer-targets": () => import("./transfer-targets"),
  "plugin-settings": () => import("./plugin-settings"),
  accounts: () => import("./accounts"),
  users: () => import("./users"),
  "allowed-extensions": () => import("./allowed-extensions"),
  "attribute-groups": () => import("./attribute-groups"),
  "call-tracking-settings": () => import("./call-tracking-settings"),
  "lead-settings": () => import("./lead-settings"),
  "dialing-settings": () => import("./dialing-settings"),
  "general-settings": () => import("./general-settings"),
  "notification-sender": () => import("./notification-sender"),
  "health-eapp": () => import("./health-eapp"),
  disclosures: () => import("./disclosures"),
  scripts: () => import("./scripts"),
  recordings: () => import("./recordings"),
  "lead-matcher": () => import("./lead-matcher"),
  iapp: () => import("./iapp"),
} satisfies Catalogue;

export type PluginId = keyof typeof catalogue;
