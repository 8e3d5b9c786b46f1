// Debian packages a test tier runs (the SIP tier's kamailio and baresip, the cluster tier's HAProxy), installed
// with apt-get when a file they provide is missing. It never fails a run: a machine that cannot install them
// (not root, no apt-get, no network) gets the reason, and the tier skips.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

export type Install = { ok: true } | { ok: false; reason: string };

/** `what` names the packages in the reasons ("the SIP packages"); `needed` are files they must leave behind. */
export function ensureDebianPackages(
  what: string,
  packages: readonly string[],
  needed: readonly string[],
  log: (line: string) => void,
): Install {
  if (needed.every((f) => existsSync(f))) return { ok: true };
  if (process.getuid?.() !== 0) return { ok: false, reason: `${what} are missing and this is not root` };
  if (spawnSync("sh", ["-c", "command -v apt-get"]).status !== 0)
    return { ok: false, reason: `${what} are missing and there is no apt-get` };
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  const install = () =>
    spawnSync("apt-get", ["install", "-y", "-qq", "--no-install-recommends", ...packages], {
      env,
      stdio: "ignore",
    }).status === 0;
  log(`installing ${packages.join(" ")} with apt-get`);
  // A fresh machine's package lists may be stale or absent: update once and try again.
  if (
    !install() &&
    !(spawnSync("apt-get", ["update", "-qq"], { env, stdio: "ignore" }).status === 0 && install())
  )
    return { ok: false, reason: `apt-get could not install ${packages.join(" ")}` };
  const missing = needed.filter((f) => !existsSync(f));
  return missing.length
    ? { ok: false, reason: `installed, but missing ${missing.join(", ")}` }
    : { ok: true };
}
