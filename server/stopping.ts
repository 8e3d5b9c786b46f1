// A clean stop (SIGTERM, SIGINT) that cannot hang. The gateway's stop runs in steps (stand down from the PBX, close
// the sockets, the background jobs, the PBX connection, release the telephony lease, close the database); a step
// that never ends would keep the process alive and its port bound, and an orchestrator (or a rolling restart) would
// wait on it. So the stop is bounded, and when the bound is hit the log names the step that did not end.

/** Under Kubernetes' default grace period (30 s), so the gateway's own message is the last word, not a SIGKILL. */
export const STOP_LIMIT_MS = 25_000;

/** Which step of the stop is running: the one named when the stop overruns its bound. */
export class StopSteps {
  private running: string | null = null;

  async run<T>(name: string, step: () => Promise<T> | T): Promise<T> {
    this.running = name;
    try {
      return await step();
    } finally {
      this.running = null;
    }
  }

  /** Between steps that the code names (Fastify's own: its open requests, then its onClose hooks). */
  mark(name: string): void {
    this.running = name;
  }

  get current(): string | null {
    return this.running;
  }
}

/** The message a stop that overran its bound leaves: the step, and what Node still waits on (by kind). */
export function overrunMessage(signal: string, steps: StopSteps, resources: string[]): string {
  const counts = new Map<string, number>();
  for (const r of resources) counts.set(r, (counts.get(r) ?? 0) + 1);
  const open = [...counts].map(([kind, n]) => `${kind} × ${n}`).join(", ");
  return (
    `The gateway did not stop within ${STOP_LIMIT_MS / 1000} s of ${signal}: ` +
    `still at "${steps.current ?? "unknown"}" (open: ${open || "nothing"}); exiting anyway.`
  );
}
