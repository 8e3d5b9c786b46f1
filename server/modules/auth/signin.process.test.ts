// Issue 11, findings 1 and 2, against a real gateway process over real sockets: what a stranger who reaches
// the port can do with sign-in and password reset. In-process injection would serialise the requests; here
// 150 sign-ins race as they would from a script.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD } from "../../seed/accounts";
import { startGatewayProcess, type GatewayProcess } from "../../test/process";

let gateway: GatewayProcess;
beforeAll(async () => {
  // The defaults of a gateway nobody configured for development: no DEV_MAILBOX, no SMTP_URL.
  gateway = await startGatewayProcess({ env: { LOG_LEVEL: "info" } });
}, 120_000);
afterAll(() => gateway?.stop());

const post = (path: string, body: unknown) =>
  fetch(`${gateway.url}/api/v1${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

describe("password reset without sign-in (finding 1)", () => {
  it("gives a stranger no way to read the code: no development mailbox unless DEV_MAILBOX=true, no code in the log", async () => {
    const email = "manager.isius@demo.test";
    expect((await post("/login/reset-password", { email })).status).toBe(202);
    // Before: 200 with the code to anyone, since NODE_ENV was not "production".
    const mailbox = await fetch(`${gateway.url}/api/v1/login/dev-mailbox?email=${encodeURIComponent(email)}`);
    expect(mailbox.status).toBe(404);
    expect(await mailbox.text()).not.toMatch(/"code"/);
    // The request is refused a code by nobody, but the operator is told no mail transport is configured.
    await expect.poll(() => gateway.output()).toContain("no mail transport is configured");
    expect(gateway.output()).not.toMatch(/reset code|"code":"\d{6}"/);
  });
});

describe("parallel sign-in guesses (finding 2)", () => {
  it("150 parallel attempts for one account: at most ten are evaluated, the right password at #140 does not get in", async () => {
    const email = "qualifier.isius@demo.test";
    const answers = await Promise.all(
      Array.from({ length: 150 }, (_, i) => post("/login", { email, password: i === 139 ? DEMO_PASSWORD : `guess-${i}-wrong` })),
    );
    const statuses = answers.map((r) => r.status);
    const count = (s: number) => statuses.filter((x) => x === s).length;
    // Before: 149 × 422 and a 201, the locks checked before any failure was counted.
    expect(count(201)).toBe(0);
    expect(count(422)).toBeLessThanOrEqual(10);
    expect(count(429)).toBe(150 - count(422));
    expect(count(429)).toBeGreaterThanOrEqual(140);
    expect(statuses[139]).toBe(429);
    for (const r of answers.filter((x) => x.status === 429)) expect(Number(r.headers.get("retry-after"))).toBeGreaterThan(0);
    // The lock holds afterwards: the right password alone is refused too, for about 15 minutes.
    const after = await post("/login", { email, password: DEMO_PASSWORD });
    expect(after.status).toBe(429);
    expect(Number(after.headers.get("retry-after"))).toBeGreaterThan(14 * 60);
  });
});
