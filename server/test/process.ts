// A real gateway process (`tsx server/index.ts`), for the tests that need what an in-process gateway cannot
// show: parallel requests racing over real sockets, `kill -9` in the middle of a write, two processes on one
// data directory. It listens on 127.0.0.1 at a free port; requests go over HTTP with fetch.
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { fileURLToPath } from "node:url";
import { STOP_LIMIT_MS } from "../stopping";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

export interface GatewayProcess {
  /** http://127.0.0.1:<port> */
  url: string;
  child: ChildProcess;
  /** Everything the process printed so far (stdout and stderr), for assertions on the log. */
  output(): string;
  /** SIGKILL (a crash) or SIGTERM (a clean stop); resolves when the process has exited. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

export interface GatewayProcessOptions {
  /** PGlite data directory ("memory" by default). */
  dataDir?: string;
  env?: Record<string, string | undefined>;
  /** How long to wait for "Dialer ready" (the first start seeds the demo: allow for a slow machine). */
  startTimeoutMs?: number;
}

/** Starts a gateway process and resolves once it listens; rejects with its output if it exits first. */
export async function startGatewayProcess(opts: GatewayProcessOptions = {}): Promise<GatewayProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", "server/index.ts"], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: "0",
      HOST: "127.0.0.1",
      DATA_DIR: opts.dataDir ?? "memory",
      DATABASE_URL: "",
      REDIS_URL: "",
      STATIC_DIR: "/nonexistent",
      SEED_HISTORY: "false",
      SIP_EDGE: "false",
      LOG_LEVEL: "warn",
      NODE_ENV: "test",
      ...opts.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout!.on("data", (b: Buffer) => (out += b.toString()));
  child.stderr!.on("data", (b: Buffer) => (out += b.toString()));
  // "close", not "exit": its output is then complete (the message a failed start printed last).
  const exited = once(child, "close");
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`the gateway process did not start in time:\n${out}`));
    }, opts.startTimeoutMs ?? 90_000);
    const onData = () => {
      const m = /Dialer ready at http:\/\/localhost:(\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        // Matched once: a long-lived process's output would otherwise be searched whole at every line it prints.
        child.stdout!.off("data", onData);
        resolve(`http://127.0.0.1:${m[1]}`);
      }
    };
    child.stdout!.on("data", onData);
    void exited.then(([code, signal]) => {
      clearTimeout(timer);
      reject(new Error(`the gateway process exited before it listened (exit code ${code ?? signal}):\n${out}`));
    });
  });
  return {
    url,
    child,
    output: () => out,
    async stop(signal = "SIGTERM") {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill(signal);
      // The gateway bounds its own clean stop (server/stopping.ts); past that and a margin, it is killed.
      const killer = setTimeout(() => child.kill("SIGKILL"), STOP_LIMIT_MS + 10_000);
      await exited;
      clearTimeout(killer);
    },
  };
}
