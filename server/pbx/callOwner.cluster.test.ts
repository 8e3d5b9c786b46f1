// Two gateway instances on one database, one Redis and one PBX (only when REDIS_URL is set): the holder of the
// telephony lease drives the calls; an agent whose requests and socket reach the standby dials, reads and hangs
// up its call through it; when the holder crashes, the standby takes the PBX over within 5 s and the call goes on.
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { CurrentCallResponse } from "../../src/contract/calls";
import type { SocketAck } from "../../src/contract/socket";
import { users } from "../db/schema";
import {
  freeLeads,
  listeningSocket,
  startTestGateway,
  type TestClient,
  type TestGateway,
} from "../test/harness";
import { TELEPHONY_LEASE_MS } from "./lease";

const redisUrl = process.env.REDIS_URL;

describe.skipIf(!redisUrl)("a cluster on one PBX", () => {
  let a: TestGateway;
  let b: TestGateway;
  let third: TestGateway | undefined;
  let bClosed = false;

  const prefix = `dialer-test-${randomUUID()}`;
  beforeAll(async () => {
    const redisKeyPrefix = prefix;
    // The PBX outlives the instance that crashes, as Asterisk outlives a gateway.
    a = await startTestGateway({
      listen: true,
      redisUrl,
      redisKeyPrefix,
      pbxSharedByCluster: true,
      pbxOutlivesGateway: true,
    });
    b = await startTestGateway({
      listen: true,
      redisUrl,
      redisKeyPrefix,
      pbxSharedByCluster: true,
      peerOf: a,
    });
  });
  afterAll(async () => {
    await third?.close();
    if (!bClosed) await b?.close();
    await a?.close();
  });

  /** The instance that drives the calls now: its background work is what a test waits on after moving the clock. */
  const driver = () => (b.gw.callOwner.drivesHere() ? b : a);
  const current = async (c: TestClient) => {
    const res = await c.request("GET", "/calls/current");
    expect(res.statusCode).toBe(200);
    return CurrentCallResponse.parse(res.json()).data;
  };

  it("the first instance drives the PBX, the other stands by", () => {
    expect(a.gw.callOwner.drivesHere()).toBe(true);
    expect(b.gw.callOwner.drivesHere()).toBe(false);
  });

  /** An agent whose requests and socket reach the standby `b`, on an answered call placed through it. */
  async function onAnsweredCall(email: string) {
    const c = await b.signIn(email);
    const { s } = await listeningSocket(b, c);
    const [me] = await b.db.select({ ext: users.extension }).from(users).where(eq(users.email, email));
    const ext = me!.ext!;
    await b.phones.register(ext);
    const [lead] = await freeLeads(b.db, 1, 1, "10");
    const leadId = (
      (await c.request("GET", `/leads/by-phone/${lead!.phone}`)).json() as { data: { id: number } }
    ).data.id;
    const dial = await c.request("POST", `/leads/${leadId}/calls`, { phone: lead!.phone, direction: 0 });
    expect(dial.statusCode).toBe(201);
    expect(dial.headers.authorization).toMatch(/^Bearer /);
    const { callId } = dial.json() as { callId: number };
    await driver().run(5_000);
    // Read from the holder's mirror (modules/calls/views.ts), written just after the answer's push.
    const answered = await vi.waitFor(
      async () => {
        const view = await current(c);
        expect(view).toMatchObject({ callId, status: "answered", bridged: true });
        return view;
      },
      { timeout: 2_000, interval: 20 },
    );
    return { c, s, ext, leadId, phone: lead!.phone, callId, answeredAt: answered!.answeredAt };
  }

  async function hangUpAndDispose(call: Awaited<ReturnType<typeof onAnsweredCall>>) {
    const ack = (await call.s.emitWithAck("hangup", { extension: call.ext })) as SocketAck;
    expect(ack).toEqual({ ok: true, data: { ended: true } });
    await driver().run(1_000);
    expect(await b.statusOf(call.c)).toBe("after_call_work");
    // The ended call still asks its disposition, wherever the page is reloaded.
    await vi.waitFor(
      async () => expect(await current(call.c)).toMatchObject({ callId: call.callId, status: "ended" }),
      {
        timeout: 2_000,
        interval: 20,
      },
    );
    const put = await call.c.request("PUT", `/leads/${call.leadId}/calls/${call.callId}`, {
      extra_recording_index: 0,
    });
    expect(put.statusCode).toBe(202);
    call.s.disconnect();
  }

  it("an agent on the standby dials, reads and hangs up its call: the holder runs each command", async () => {
    const sent = vi.spyOn(b.gw.callOwner, "send");
    const call = await onAnsweredCall("qualifier4.isius@demo.test");
    // The dial went to the holder; the call's view is the standby's own answer, from the holder's mirror.
    const urls = sent.mock.calls.map(([c]) => (c as { url?: string }).url);
    expect(urls).toContain(`/api/v1/leads/${call.leadId}/calls`);
    expect(urls.filter((u) => u?.includes("/calls/current"))).toEqual([]);
    sent.mockRestore();
    // A second dial is refused where the call is known: the holder's 409, as it answered it.
    const again = await call.c.request("POST", `/leads/${call.leadId}/calls`, {
      phone: call.phone,
      direction: 0,
    });
    expect(again.statusCode).toBe(409);
    // Bad input is still the caller's 4xx, whichever instance validates it.
    const bad = await call.c.request("POST", `/leads/${call.leadId}/calls`, { phone: 12 });
    expect(bad.statusCode).toBe(422);
    expect((bad.json() as { errors: Record<string, string[]> }).errors).toHaveProperty("phone");
    // The standby's own call service never heard of the call: the holder's did.
    expect(
      b.gw.calls.activeCallOf(
        (await b.db.select({ id: users.id }).from(users).where(eq(users.extension, call.ext)))[0]!.id,
      ),
    ).toBeUndefined();
    await hangUpAndDispose(call);
  }, 30_000);

  it("a holder that ended a call but wrote no view of it (it stopped in between): the standby shows the call ended, from its row, and it settles", async () => {
    const call = await onAnsweredCall("qualifier3.isius@demo.test");
    // The holder's view writes go nowhere from here, as when it stands down while the call's end is written.
    const lost = vi.spyOn(a.gw.callViews, "write").mockResolvedValue();
    try {
      const ack = (await call.s.emitWithAck("hangup", { extension: call.ext })) as SocketAck;
      expect(ack).toEqual({ ok: true, data: { ended: true } });
      await driver().run(1_000);
      expect(lost).toHaveBeenCalled();
      // The mirror still says answered; the row says ended, and the row is what the settle reads.
      expect(await current(call.c)).toMatchObject({ callId: call.callId, status: "ended", onHold: false });
      const put = await call.c.request("PUT", `/leads/${call.leadId}/calls/${call.callId}`, {
        extra_recording_index: 0,
      });
      expect(put.statusCode).toBe(202);
    } finally {
      lost.mockRestore();
      call.s.disconnect();
    }
  }, 30_000);

  it("the holder crashes mid-call: the standby drives the PBX within 5 s and the call goes on to its disposition", async () => {
    const call = await onAnsweredCall("qualifier5.isius@demo.test");
    const crashedAt = Date.now();
    await a.crash();
    // No instance drives the calls yet (the lease runs out 3 s after the crash): a page reloaded now still sees
    // its call at once, from the mirror, where a read sent to the holder waited for the next one.
    expect(await current(call.c)).toMatchObject({
      callId: call.callId,
      status: "answered",
      answeredAt: call.answeredAt,
    });
    expect(b.gw.callOwner.drivesHere()).toBe(false);
    await vi.waitFor(() => expect(b.gw.callOwner.drivesHere()).toBe(true), { timeout: 5_000, interval: 50 });
    expect(Date.now() - crashedAt).toBeLessThan(TELEPHONY_LEASE_MS + 2_000);
    await driver().run(1_000);
    expect(await current(call.c)).toMatchObject({
      callId: call.callId,
      status: "answered",
      bridged: true,
      answeredAt: call.answeredAt,
    });
    await hangUpAndDispose(call);
  }, 30_000);

  it("the holder stops (a rolling restart) while a dial it runs itself is under way: its stop waits for the dial, and the next holder follows the call", async () => {
    // After the crash above, b drives the calls; a third instance stands by to take them over.
    third = await startTestGateway({
      listen: true,
      redisUrl,
      redisKeyPrefix: prefix,
      pbxSharedByCluster: true,
      peerOf: b,
    });
    expect(b.gw.callOwner.drivesHere()).toBe(true);
    const email = "qualifier2.isius@demo.test";
    // The agent's page reaches the third instance (its socket, its reads); its dial reaches the holder, b.
    const page = await third.signIn(email);
    const { s } = await listeningSocket(third, page);
    const onB = b.client();
    onB.cookies = page.cookies;
    onB.token = page.token;
    const ext = (
      await third.db.select({ ext: users.extension }).from(users).where(eq(users.email, email))
    )[0]!.ext!;
    await third.phones.register(ext);
    const [lead] = await freeLeads(b.db, 1, 1, "10");
    const leadId = (
      (await page.request("GET", `/leads/by-phone/${lead!.phone}`)).json() as { data: { id: number } }
    ).data.id;
    // The dial stops before its call is placed (the agent's phone is asked for) until the holder is stopping.
    let goOn!: () => void;
    const held = new Promise<void>((r) => (goOn = r));
    const asked = vi.fn();
    const pbx = b.gw.pbx;
    const status = pbx.getExtensionStatus.bind(pbx);
    const spy = vi.spyOn(pbx, "getExtensionStatus").mockImplementationOnce(async (e) => {
      asked();
      await held;
      return status(e);
    });
    try {
      const dial = onB.request("POST", `/leads/${leadId}/calls`, { phone: lead!.phone, direction: 0 });
      await vi.waitFor(() => expect(asked).toHaveBeenCalled(), { timeout: 2_000, interval: 10 });
      const stopped = b.close().then(() => (bClosed = true));
      // Long enough for the next holder to follow the calls again, had b's stop not waited for the dial.
      await Promise.race([
        vi.waitFor(() => expect(third!.gw.callOwner.drivesHere()).toBe(true), {
          timeout: 3_000,
          interval: 20,
        }),
        new Promise((r) => setTimeout(r, 3_000)),
      ]).catch(() => {});
      expect(third.gw.callOwner.drivesHere()).toBe(false);
      goOn();
      const placed = await dial;
      expect(placed.statusCode).toBe(201);
      const { callId } = placed.json() as { callId: number };
      await stopped;
      await vi.waitFor(() => expect(third!.gw.callOwner.drivesHere()).toBe(true), {
        timeout: 5_000,
        interval: 20,
      });
      await third.run(5_000);
      // The next holder follows the call: the page sees it answered, and it ends and settles as any call.
      await vi.waitFor(
        async () => expect(await current(page)).toMatchObject({ callId, status: "answered", bridged: true }),
        {
          timeout: 2_000,
          interval: 20,
        },
      );
      const ack = (await s.emitWithAck("hangup", { extension: ext })) as SocketAck;
      expect(ack).toEqual({ ok: true, data: { ended: true } });
      await third.run(1_000);
      const put = await page.request("PUT", `/leads/${leadId}/calls/${callId}`, { extra_recording_index: 0 });
      expect(put.statusCode).toBe(202);
    } finally {
      goOn();
      spy.mockRestore();
      s.disconnect();
    }
  }, 30_000);
});
