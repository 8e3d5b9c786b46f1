import { describe, expect, it } from "vitest";
import { overrunMessage, StopSteps, STOP_LIMIT_MS } from "./stopping";

describe("a gateway's clean stop", () => {
  it("names the step that never ended, and what the process still waits on", async () => {
    const steps = new StopSteps();
    await steps.run("closing the sockets", () => Promise.resolve());
    void steps.run("closing the PBX connection", () => new Promise(() => {}));
    const message = overrunMessage("SIGTERM", steps, ["TCPWRAP", "Timeout", "TCPWRAP"]);
    expect(message).toBe(
      `The gateway did not stop within ${STOP_LIMIT_MS / 1000} s of SIGTERM: still at "closing the PBX connection" ` +
        "(open: TCPWRAP × 2, Timeout × 1); exiting anyway.",
    );
  });

  it("a step that throws is no longer the current one, and its error reaches the stop", async () => {
    const steps = new StopSteps();
    await expect(
      steps.run("releasing the telephony lease", () => Promise.reject(new Error("db gone"))),
    ).rejects.toThrow("db gone");
    expect(steps.current).toBeNull();
    steps.mark("answering the HTTP requests under way");
    expect(overrunMessage("SIGINT", steps, [])).toContain(
      'still at "answering the HTTP requests under way" (open: nothing)',
    );
  });

  it("ends before an orchestrator's default grace period would kill it unheard", () => {
    expect(STOP_LIMIT_MS).toBeLessThan(30_000);
  });
});
