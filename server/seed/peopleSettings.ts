// The demo's users-area settings: the allowed extensions (every extension a demo account has, so the demo's
// accounts stay valid, and free ones for new accounts) and two attribute groups per call centre.
import { DEMO_ACCOUNTS, DEMO_TENANTS } from "./accounts";

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => String(from + i));

/** Per tenant: the demo accounts' extensions and the call centre's inbound-alert extension, plus 10x1–10x9 free. */
export function demoAllowedExtensions(tenantId: number): string[] {
  const used = DEMO_ACCOUNTS.filter((a) => a.tenantId === tenantId && a.extension).map((a) => a.extension!);
  const alert = DEMO_TENANTS.find((t) => t.id === tenantId)?.inboundAlertExtension;
  const free = tenantId === 1 ? range(1031, 1039) : range(2031, 2039);
  return [...new Set([...used, ...(alert ? [alert] : []), ...free])].sort();
}

export interface DemoAttributeGroup {
  name: string;
  shortName: string;
  did: string | null;
  provider: string | null;
  transferScore: number;
  hasInternalAutoForward: boolean;
  autoForwardInternalDelay: number;
  hasExternalAutoForward: boolean;
  autoForwardExternalDelay: number;
  /** Demo accounts in the group, by e-mail. */
  members: string[];
  /** Attribute names (DEMO_ATTRIBUTES). */
  attributes: string[];
}

export const DEMO_ATTRIBUTE_GROUPS: Record<number, DemoAttributeGroup[]> = {
  1: [
    {
      name: "Medicare English",
      shortName: "MED-EN",
      did: "8005550110",
      provider: "Retreaver",
      transferScore: 80,
      hasInternalAutoForward: true,
      autoForwardInternalDelay: 20,
      hasExternalAutoForward: false,
      autoForwardExternalDelay: 0,
      members: ["qualifier.isius@demo.test", "advisor.isius@demo.test"],
      attributes: ["Auto ready"],
    },
    {
      name: "Medicare Spanish",
      shortName: "MED-ES",
      did: "8005550111",
      provider: "Retreaver",
      transferScore: 60,
      hasInternalAutoForward: false,
      autoForwardInternalDelay: 0,
      hasExternalAutoForward: true,
      autoForwardExternalDelay: 30,
      members: [],
      attributes: ["Bilingual (Spanish)"],
    },
  ],
  2: [
    {
      name: "Assurance vie (français)",
      shortName: "VIE-FR",
      did: "8005550210",
      provider: "Retreaver",
      transferScore: 75,
      hasInternalAutoForward: true,
      autoForwardInternalDelay: 15,
      hasExternalAutoForward: false,
      autoForwardExternalDelay: 0,
      members: ["qualifier.slica@demo.test"],
      attributes: ["Bilingual (French)"],
    },
    {
      name: "Life insurance (English)",
      shortName: "LIFE-EN",
      did: null,
      provider: null,
      transferScore: 50,
      hasInternalAutoForward: false,
      autoForwardInternalDelay: 0,
      hasExternalAutoForward: false,
      autoForwardExternalDelay: 0,
      members: [],
      attributes: [],
    },
  ],
};
