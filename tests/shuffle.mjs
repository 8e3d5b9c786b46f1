// `npm run test:shuffle [seed]`: the Vitest projects with files and tests in a random order, to prove no test
// depends on another's order or leftovers (docs/testing.md). The seed is printed first; give it back to run the
// same order again. Other arguments go to Vitest (a project, a file).
import { spawnSync } from "node:child_process";

const args = process.argv.slice(2);
const seed = /^\d+$/.test(args[0] ?? "") ? Number(args.shift()) : Math.floor(Math.random() * 1_000_000);
console.log(`Shuffled order, seed ${seed} (npm run test:shuffle -- ${seed} runs it again)`);
const run = spawnSync("npx", ["vitest", "run", "--sequence.shuffle", `--sequence.seed=${seed}`, ...args], { stdio: "inherit" });
console.log(`Shuffled order, seed ${seed}`);
process.exit(run.status ?? 1);
