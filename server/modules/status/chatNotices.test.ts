// Overstay notices to the call centre's chat: the webhook setting, the notice posted once the overstay reaches the
// real-time viewer, retried at the rescan when the chat does not take it, never twice, never holding up the agent.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { CHAT_NOTICE_MESSAGES } from "../../../src/contract/settings";
import { overstays, users } from "../../db/schema";
import { startTestGateway, type TestClient, type TestGateway } from "../../test/harness";
import { CHAT_NOTICE_MAX_ATTEMPTS } from "./chatNotices";
import { OVERSTAY_RESCAN_MS } from "./overstay";

const HOOK = "https://hooks.example.com/services/T000/B000/secret-part";

let gw: TestGateway;
let manager: TestClient;
/** What the chat is sent; `answer` decides whether it takes each one (true: 2xx). */
const posted: { url: string; text: string }[] = [];
let answer: () => Promise<boolean> = async () => true;
beforeAll(async () => {
  gw = await startTestGateway({
    chatPost: (url, body) => {
      posted.push({ url, text: body.text });
      return answer();
    },
  });
  manager = await gw.signIn("manager.isius@demo.test");
});
afterAll(() => gw.close());

const setHook = (url: string | null) => manager.request("PUT", "/settings/chat-notices", { overstay_webhook_url: url });
const settle = async (ms: number) => {
  gw.clock.advance(ms);
  await gw.gw.background.idle();
};

describe("PUT /settings/chat-notices", () => {
  it("keeps an https webhook for managers, clears it with null, and refuses anything else", async () => {
    expect((await setHook(HOOK)).statusCode).toBe(204);
    expect((await manager.request("GET", "/settings/chat-notices")).json()).toEqual({ overstay_webhook_url: HOOK });
    for (const bad of ["http://hooks.example.com/x", "not a url", `https://x.example.com/${"a".repeat(500)}`]) {
      const res = await setHook(bad);
      expect(res.statusCode, bad).toBe(422);
    }
    expect((await setHook("http://hooks.example.com/x")).json()).toMatchObject({
      errors: { overstay_webhook_url: [CHAT_NOTICE_MESSAGES.notHttps] },
    });
    expect((await setHook(null)).statusCode).toBe(204);
    expect((await manager.request("GET", "/settings/chat-notices")).json()).toEqual({ overstay_webhook_url: null });
    const agent = await gw.signIn("qualifier.isius@demo.test");
    expect((await agent.request("PUT", "/settings/chat-notices", { overstay_webhook_url: HOOK })).statusCode).toBe(403);
  });
});

describe("an overstay's notice to the chat", () => {
  it("is posted once when the overstay reaches the real-time viewer, retried at the rescan when the chat refuses it", async () => {
    expect((await setHook(HOOK)).statusCode).toBe(204);
    posted.length = 0;
    answer = async () => false;
    const agent = await gw.signIn("qualifier3.isius@demo.test");
    const [me] = await gw.db.select({ id: users.id }).from(users).where(eq(users.email, "qualifier3.isius@demo.test"));
    expect((await agent.request("POST", "/agent-statuses", { status: "after_call_work" })).statusCode).toBe(201);
    // A qualifier's after-call work: 60 s, and no grace before the real-time viewer.
    await settle(61_000);
    expect(posted).toHaveLength(1);
    expect(posted[0]!.url).toBe(HOOK);
    expect(posted[0]!.text).toBe(
      "Overstay: Aisha Johnson (ext. 1012, qualifier) has been in After Call Work for 1 minute, over the 1 minute limit.",
    );
    // The chat refused it: tried again at the next rescan, and once taken, never again.
    answer = async () => true;
    await settle(OVERSTAY_RESCAN_MS);
    expect(posted).toHaveLength(2);
    await settle(OVERSTAY_RESCAN_MS);
    expect(posted).toHaveLength(2);
    const [row] = await gw.db.select().from(overstays).where(eq(overstays.userId, me!.id));
    expect(row).toMatchObject({ chatAttempts: 2 });
    expect(row!.chatSentAt).not.toBeNull();
    expect((await agent.request("POST", "/agent-statuses", { status: "ready" })).statusCode).toBe(201);
  });

  it("never holds the agent up, gives up after its tries, and is not sent without a webhook", async () => {
    expect((await setHook(HOOK)).statusCode).toBe(204);
    posted.length = 0;
    // A chat that never answers: the agent's next status change still goes through at once.
    let release!: () => void;
    answer = () => new Promise<boolean>((r) => (release = () => r(false)));
    const agent = await gw.signIn("qualifier4.isius@demo.test");
    expect((await agent.request("POST", "/agent-statuses", { status: "after_call_work" })).statusCode).toBe(201);
    gw.clock.advance(61_000);
    // The post hangs, so the background work never goes idle: wait for the post itself (50 ms was too short for
    // the overstay's statements on PostgreSQL in CI).
    await vi.waitFor(() => expect(posted).toHaveLength(1), { timeout: 10_000, interval: 20 });
    expect((await agent.request("POST", "/agent-statuses", { status: "ready" })).statusCode).toBe(201);
    release();
    await gw.gw.background.idle();
    answer = async () => false;
    for (let i = 0; i < CHAT_NOTICE_MAX_ATTEMPTS + 2; i++) await settle(OVERSTAY_RESCAN_MS);
    expect(posted).toHaveLength(CHAT_NOTICE_MAX_ATTEMPTS);

    // No webhook: the overstay reaches the feed, and nothing goes to a chat.
    expect((await setHook(null)).statusCode).toBe(204);
    posted.length = 0;
    const other = await gw.signIn("qualifier5.isius@demo.test");
    expect((await other.request("POST", "/agent-statuses", { status: "after_call_work" })).statusCode).toBe(201);
    await settle(61_000);
    await settle(OVERSTAY_RESCAN_MS);
    expect(posted).toEqual([]);
    expect((await other.request("POST", "/agent-statuses", { status: "ready" })).statusCode).toBe(201);
  });
});
