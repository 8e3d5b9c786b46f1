// The real SIP stack of the SIP tier: Debian's kamailio (registrar, SIP over WebSocket), rtpengine (userspace
// media relay) and baresip (the far-end phone), installed with apt when missing, started from the configs in
// tests/sip/config with their placeholders filled in, in one temporary folder, and stopped as process groups.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { createSocket } from "node:dgram";
import { mkdirSync, openSync, readFileSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { join } from "node:path";
import { ensureDebianPackages, type Install } from "../debian";

const CONFIG_DIR = join(import.meta.dirname, "config");
const KAMAILIO_MODULES = "/usr/lib/x86_64-linux-gnu/kamailio/modules/";

/** Ports away from the gateway's default (8080) and the other test sessions (8200–8299). */
export const PORTS = {
  GATEWAY_PORT: 8311,
  WS_PORT: 8312,
  SIP_PORT: 5391,
  BARESIP_SIP_PORT: 5392,
  BARESIP_CTRL_PORT: 4392,
  RTPENGINE_NG_PORT: 22392,
  RTPENGINE_RTP_MIN: 30400,
  RTPENGINE_RTP_MAX: 30599,
  BARESIP_RTP_MIN: 30600,
  BARESIP_RTP_MAX: 30699,
} as const;

/** baresip's extension at kamailio. */
export const BARESIP_EXT = "2900";

const PACKAGES = ["kamailio", "kamailio-websocket-modules", "rtpengine-daemon", "baresip-core"];
const NEEDED = [
  "/usr/sbin/kamailio",
  "/usr/sbin/kamcmd",
  join(KAMAILIO_MODULES, "websocket.so"),
  join(KAMAILIO_MODULES, "rtpengine.so"),
  "/usr/bin/rtpengine",
  "/usr/bin/baresip",
  "/usr/lib/baresip/modules/sndfile.so",
];

export type { Install };

/** Installs the Debian packages when a binary or module is missing; never fails the run, only skips it. */
export function ensurePackages(log: (line: string) => void): Install {
  return ensureDebianPackages("the SIP packages", PACKAGES, NEEDED, log);
}

/** A config from tests/sip/config with its {{NAME}} placeholders filled in. */
function render(file: string, values: Record<string, string | number>): string {
  return readFileSync(join(CONFIG_DIR, file), "utf8").replace(/\{\{([A-Z_]+)\}\}/g, (whole, name: string) => {
    if (!(name in values)) throw new Error(`${file}: no value for ${whole}`);
    return String(values[name]);
  });
}

export interface Stack {
  dir: string;
  /** kamailio's location table (kamcmd ul.dump). */
  locations(): string;
  /** The WAV files baresip wrote of what it decoded. */
  audioDir: string;
  stop(): Promise<void>;
}

export async function startStack(dir: string, log: (line: string) => void): Promise<Stack> {
  const values = { ...PORTS, BARESIP_EXT, RUN_DIR: dir, MODULES: KAMAILIO_MODULES };
  const audioDir = join(dir, "baresip-audio");
  const baresipDir = join(dir, "baresip");
  for (const d of [audioDir, baresipDir, join(dir, "run")]) mkdirSync(d, { recursive: true });
  writeFileSync(join(dir, "kamailio.cfg"), render("kamailio.cfg", values));
  writeFileSync(join(dir, "rtpengine.conf"), render("rtpengine.conf", values));
  writeFileSync(join(baresipDir, "config"), render("baresip.conf", values));
  writeFileSync(join(baresipDir, "accounts"), render("baresip.accounts", values));
  writeFileSync(join(baresipDir, "contacts"), "");

  const children: ChildProcess[] = [];
  // Newest first, each given time to finish: baresip unregisters while kamailio still answers.
  let stopping = false;
  const stop = async () => {
    stopping = true;
    for (const child of children.splice(0).reverse()) await stopGroup(child);
  };
  const start = (name: string, cmd: string, args: string[]) => {
    const out = openSync(join(dir, `${name}.log`), "a");
    const child = spawn(cmd, args, { detached: true, stdio: ["ignore", out, out] });
    children.push(child);
    child.on(
      "exit",
      (code, signal) =>
        stopping || log(`${name} exited (${signal ?? code}), see ${join(dir, `${name}.log`)}`),
    );
    return child;
  };

  try {
    // rtpengine first: kamailio's rtpengine module pings it at start.
    const rtpengine = start("rtpengine", "/usr/bin/rtpengine", [
      `--config-file=${join(dir, "rtpengine.conf")}`,
      "--config-section=rtpengine",
    ]);
    await waitFor("rtpengine", () => alive(rtpengine) && ngPing(PORTS.RTPENGINE_NG_PORT));
    const check = spawnSync("/usr/sbin/kamailio", ["-c", "-f", join(dir, "kamailio.cfg")], {
      encoding: "utf8",
    });
    if (check.status !== 0) throw new Error(`kamailio.cfg does not check:\n${check.stderr}`);
    const kamailio = start("kamailio", "/usr/sbin/kamailio", [
      "-DD",
      "-E",
      "-f",
      join(dir, "kamailio.cfg"),
      "-Y",
      join(dir, "run"),
      "-P",
      join(dir, "run", "kamailio.pid"),
    ]);
    await waitFor("kamailio", () => alive(kamailio) && tcpOpen(PORTS.WS_PORT));
    const baresip = start("baresip", "/usr/bin/baresip", ["-f", baresipDir]);
    await waitFor("baresip", () => alive(baresip) && tcpOpen(PORTS.BARESIP_CTRL_PORT));
    const locations = () =>
      spawnSync("/usr/sbin/kamcmd", ["-s", `unix:${join(dir, "kamailio_ctl")}`, "ul.dump"], {
        encoding: "utf8",
      }).stdout ?? "";
    await waitFor(`baresip's registration of ${BARESIP_EXT}`, () => hasContact(locations(), BARESIP_EXT));
    return { dir, audioDir, locations, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

/** Whether ul.dump lists a contact for this extension ("AoR: 2900"), optionally over this transport. */
export function hasContact(dump: string, ext: string, transport?: string): boolean {
  const block = dump.split(/\bAoR:\s*/i).find((b) => b.startsWith(`${ext}\n`) || b.startsWith(`${ext}\r`));
  return !!block && (!transport || block.includes(`transport=${transport}`));
}

export async function waitFor(what: string, ready: () => Promise<boolean> | boolean, timeoutMs = 15_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await ready()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what} not ready after ${timeoutMs / 1000} s`);
}

/**
 * Ends a process started detached (it leads its own group, with whatever it forked): SIGTERM, a grace period,
 * then SIGKILL for anything of the group still there.
 */
export async function stopGroup(child: ChildProcess, graceMs = 3000) {
  if (!child.pid) return;
  const pid = child.pid;
  const signal = (sig: NodeJS.Signals | 0) => {
    try {
      process.kill(-pid, sig);
      return true;
    } catch {
      return false; // the group is gone
    }
  };
  if (!signal("SIGTERM")) return;
  const until = Date.now() + graceMs;
  while (Date.now() < until && signal(0)) await new Promise((r) => setTimeout(r, 50));
  signal("SIGKILL");
}

/** A daemon that died while we wait for it fails the wait at once. */
function alive(child: ChildProcess): true {
  if (child.exitCode !== null || child.signalCode !== null)
    throw new Error(`${child.spawnfile} exited at start`);
  return true;
}

function tcpOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = connect(port, "127.0.0.1");
    s.once("connect", () => (s.destroy(), resolve(true)));
    s.once("error", () => resolve(false));
  });
}

/** rtpengine's ng protocol: a cookie and a bencoded {command: ping}, answered with {result: pong}. */
function ngPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const sock = createSocket("udp4");
    const done = (ok: boolean) => {
      clearTimeout(timer);
      sock.close();
      resolve(ok);
    };
    const timer = setTimeout(() => done(false), 300);
    sock.on("message", (msg) => done(msg.toString().includes("pong")));
    sock.on("error", () => done(false));
    sock.send("ready d7:command4:pinge", port, "127.0.0.1");
  });
}
