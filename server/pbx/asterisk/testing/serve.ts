// The fake Asterisk as a process of its own, to try the gateway with PBX=asterisk on a machine without one
// (docs/deploy.md "Trying the driver without an Asterisk"): its far ends follow the simulated PBX's numbers
// (…01 a machine, …02 busy, …03 no answer), and the extensions named on the command line are registered.
//   npx tsx server/pbx/asterisk/testing/serve.ts 1001 1002
// It keeps time with the real clock and forgets everything when it stops. On its standard input it takes a
// caller's trunk call, as a line `inbound <from> <did>` (both E.164), and answers `inbound <channel id>`; the
// cluster tier (tests/cluster) rings the call centre's DID this way. SIM_PROFILE (JSON, as the gateway's) changes
// how its far ends behave: the dialer-load bench's cluster mode gives it short calls.
import { readConfig } from "../../../config";
import { systemClock } from "../../../../src/shared/clock";
import { resolveProfile, type SimProfile } from "../../sim/profile";
import { profileWorld } from "../../suite/profileWorld";
import { startFakeAri } from "./server";

const extensions = process.argv.slice(2);
const clock = systemClock();
const world = profileWorld({ clock, profile: resolveProfile(readConfig({ SIM_PROFILE: process.env.SIM_PROFILE }).simProfile as Partial<SimProfile> | undefined), seed: 1, viaOf: () => "webrtc" });
const fake = await startFakeAri({ clock, world, user: "dialer", password: "secret", extensions });
for (const ext of extensions) fake.registerContact(ext);
console.log(`fake Asterisk: ARI_URL=${fake.url} ARI_USER=dialer ARI_PASSWORD=secret (registered: ${extensions.join(", ") || "none"})`);
let pending = "";
process.stdin.on("data", (chunk: Buffer) => {
  pending += chunk.toString();
  for (let nl = pending.indexOf("\n"); nl >= 0; nl = pending.indexOf("\n")) {
    const [command, from, did] = pending.slice(0, nl).trim().split(/\s+/);
    pending = pending.slice(nl + 1);
    if (command === "inbound" && from && did) console.log(`inbound ${fake.inbound({ from, did })}`);
    else if (command) console.log(`unknown command: ${command}`);
  }
});
process.on("SIGINT", () => void fake.close().then(() => process.exit(0)));
