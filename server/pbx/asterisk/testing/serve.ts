// The fake Asterisk as a process of its own, to try the gateway with PBX=asterisk on a machine without one
// (docs/deploy.md "Trying the driver without an Asterisk"): its far ends follow the simulated PBX's numbers
// (…01 a machine, …02 busy, …03 no answer), and the extensions named on the command line are registered.
//   npx tsx server/pbx/asterisk/testing/serve.ts 1001 1002
// It keeps time with the real clock and forgets everything when it stops.
import { systemClock } from "../../../../src/shared/clock";
import { resolveProfile } from "../../sim/profile";
import { profileWorld } from "../../suite/profileWorld";
import { startFakeAri } from "./server";

const extensions = process.argv.slice(2);
const clock = systemClock();
const world = profileWorld({ clock, profile: resolveProfile(), seed: 1, viaOf: () => "webrtc" });
const fake = await startFakeAri({ clock, world, user: "dialer", password: "secret", extensions });
for (const ext of extensions) fake.registerContact(ext);
console.log(`fake Asterisk: ARI_URL=${fake.url} ARI_USER=dialer ARI_PASSWORD=secret (registered: ${extensions.join(", ") || "none"})`);
process.on("SIGINT", () => void fake.close().then(() => process.exit(0)));
