// What the transfer tests share: the targets a manager configures, and where their leads live.
import type { TransferTargetSettings } from "../../../src/contract/settings";

/** The external transfer targets the tests configure: one answers; the other (…03) the simulated PBX lets ring out. */
export const TEST_TRANSFER_TARGETS: TransferTargetSettings = {
  external: [
    { name: "Medicare Desk", phone: "3125550147" },
    { name: "Night Desk", phone: "3125550103" },
  ],
  sunlife: [{ name: "Sophie Lavoie", phone: "5145550188" }],
  matcha: { enabled: true, phone: "2125550175" },
};

/** Area codes whose calling window is open at the test clock's 10:00 in New York and Toronto. */
export const EASTERN_AREA_CODES = [
  "212",
  "646",
  "917",
  "718",
  "347",
  "516",
  "914",
  "514",
  "438",
  "416",
  "647",
  "613",
  "905",
];
