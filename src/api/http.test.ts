import { describe, expect, it, vi } from "vitest";
import { gatewayClock, manualClock } from "../shared/clock";
import { Account } from "../store/account";
import { fakeGateway, NETWORK_DOWN } from "../test/fakeGateway";
import { loginResponse } from "../test/fixtures";
import { BLOCKED, createHttp } from "./http";

function setup(routes: Parameters<typeof fakeGateway>[0], signedIn = true) {
  const gateway = fakeGateway(routes);
  const account = Account.create({});
  if (signedIn) account.signIn(loginResponse({ access_token: "token-1" }));
  const onSessionExpired = vi.fn();
  const http = createHttp({ session: account, onSessionExpired, adapter: gateway.adapter });
  return { http, account, gateway, onSessionExpired };
}

describe("gateway client (admin-and-sign-in §7, §8)", () => {
  it("calls /api/v1 with the stored token as a Bearer header", async () => {
    const { http, gateway } = setup({ "GET /agents": { status: 200, data: [] } });
    await http.get("/agents");
    expect(gateway.requests[0]).toMatchObject({ url: "/agents", authorization: "Bearer token-1" });
    expect(http.defaults.baseURL).toBe("/api/v1");
  });

  it("stores each response's rotated token and sends it next time", async () => {
    let n = 1;
    const { http, account, gateway } = setup({
      "GET /agents": () => ({ status: 200, data: [], headers: { Authorization: `Bearer token-${++n}` } }),
    });
    await http.get("/agents");
    expect(account.accessToken).toBe("token-2");
    await http.get("/agents");
    expect(gateway.requests.map((r) => r.authorization)).toEqual(["Bearer token-1", "Bearer token-2"]);
    expect(account.accessToken).toBe("token-3");
  });

  it("learns the gateway's time from X-Server-Time, on answers and on refusals", async () => {
    const browser = manualClock(Date.parse("2026-11-25T12:00:00Z"));
    const clock = gatewayClock(browser);
    const gateway = fakeGateway({
      "GET /agents": { status: 200, data: [], headers: { "x-server-time": String(Date.parse("2026-03-10T18:00:00Z")) } },
      "GET /leads/1": { status: 404, data: { message: "no" }, headers: { "x-server-time": String(Date.parse("2026-03-10T19:00:00Z")) } },
    });
    const account = Account.create({});
    account.signIn(loginResponse({ access_token: "token-1" }));
    const http = createHttp({ session: account, onSessionExpired: vi.fn(), adapter: gateway.adapter, clock });
    await http.get("/agents");
    expect(new Date(clock.now()).toISOString()).toBe("2026-03-10T18:00:00.000Z");
    await expect(http.get("/leads/1")).rejects.toMatchObject({ response: { status: 404 } });
    expect(new Date(clock.now()).toISOString()).toBe("2026-03-10T19:00:00.000Z");
  });

  it("keeps the rotated token of an error answer too", async () => {
    const { http, account } = setup({
      "PUT /settings/globals": {
        status: 422,
        data: { message: "bad" },
        headers: { authorization: "Bearer token-9" },
      },
    });
    await expect(http.put("/settings/globals", {})).rejects.toMatchObject({ response: { status: 422 } });
    expect(account.accessToken).toBe("token-9");
  });

  it("refuses to send a request without a token unless its URL contains /login", async () => {
    const { http, gateway } = setup({ "POST /login": { status: 422, data: { message: "no" } } }, false);
    await expect(http.get("/tenant-features")).rejects.toMatchObject({ code: BLOCKED });
    expect(gateway.requests).toEqual([]);
    await expect(http.post("/login", { email: "a", password: "b" })).rejects.toMatchObject({
      response: { status: 422 },
    });
    await expect(http.post("/login/reset-password", { email: "a" })).rejects.toMatchObject({
      response: { status: 404 },
    });
    expect(gateway.requests.map((r) => r.url)).toEqual(["/login", "/login/reset-password"]);
  });

  it("sends a request that carries its own Authorization header", async () => {
    const { http, gateway } = setup({ "GET /agents": { status: 200, data: [] } }, false);
    await http.get("/agents", { headers: { Authorization: "Bearer from-elsewhere" } });
    expect(gateway.requests[0].authorization).toBe("Bearer from-elsewhere");
  });

  it("a 401 while signed in ends the session once, clears the account and rejects the call", async () => {
    const { http, account, onSessionExpired } = setup({
      "GET /agents": { status: 401, data: { message: "expired" } },
    });
    const calls = [http.get("/agents"), http.get("/agents"), http.get("/agents")];
    const results = await Promise.allSettled(calls);
    expect(results.map((r) => r.status)).toEqual(["rejected", "rejected", "rejected"]);
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
    expect(account.signedIn).toBe(false);
    expect(account.accessToken).toBeNull();
  });

  it("a 401 on a /login call is only that call's failure", async () => {
    const { http, account, onSessionExpired } = setup({
      "POST /login": { status: 401, data: { message: "no" } },
    });
    await expect(http.post("/login", {})).rejects.toMatchObject({ response: { status: 401 } });
    expect(onSessionExpired).not.toHaveBeenCalled();
    expect(account.signedIn).toBe(true);
  });

  it("rejects other errors unchanged and keeps the session", async () => {
    const { http, account, onSessionExpired } = setup({
      "GET /agents": { status: 403, data: { message: "You are not authorized to do that." } },
      "GET /leads/search/x": NETWORK_DOWN,
    });
    const forbidden = await http.get("/agents").catch((e: unknown) => e);
    expect(forbidden).toMatchObject({
      response: { status: 403, data: { message: "You are not authorized to do that." } },
    });
    const down = await http.get("/leads/search/x").catch((e: unknown) => e);
    expect(down).toMatchObject({ code: "ERR_NETWORK" });
    expect((down as { response?: unknown }).response).toBeUndefined();
    expect(onSessionExpired).not.toHaveBeenCalled();
    expect(account.signedIn).toBe(true);
  });

  it("ignores a token that arrives after sign-out", async () => {
    const { http, account } = setup({
      "POST /logout": () => {
        account.signOut();
        return { status: 204, headers: { Authorization: "Bearer late" } };
      },
    });
    await http.post("/logout");
    expect(account.accessToken).toBeNull();
  });

  it("sends a keepalive request by fetch with keepalive, so it outlives a page that is going away", async () => {
    const account = Account.create({});
    account.signIn(loginResponse({ access_token: "token-1" }));
    const fetch = vi.fn(async () => new Response(null, { status: 204 }));
    vi.stubGlobal("fetch", fetch);
    try {
      const http = createHttp({ session: account, onSessionExpired: vi.fn() });
      await http.put("/leads/1/booking-draft", { draft: {} }, { keepalive: true, baseURL: "http://gateway.test/api/v1" });
      expect(fetch).toHaveBeenCalledTimes(1);
      const [request, init] = fetch.mock.calls[0] as unknown as [Request | string, RequestInit | undefined];
      const keepalive = request instanceof Request ? request.keepalive : init?.keepalive;
      expect(keepalive ?? init?.keepalive).toBe(true);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
