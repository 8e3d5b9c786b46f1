// Recordings in object storage, against a small S3 stand-in on loopback that checks every request's signature and
// body hash as S3 does: a closed recording is uploaded and leaves the spool, plays back (with ranges) from the
// bucket, survives failed uploads and a gateway restart, and a recording a crash cut is completed and kept.
import { createHash } from "node:crypto";
import { existsSync, mkdtempSync } from "node:fs";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ObjectRecordingStore, type ObjectStorageConfig } from "./objectStore";
import { signS3Request } from "./sigv4";
import { WAV_HEADER_BYTES } from "./store";

const CREDENTIALS = { region: "eu-west-3", accessKeyId: "AKIDTEST", secretAccessKey: "secret/key+test" };
const objects = new Map<string, Buffer>();
const requests: { method: string; path: string; status: number }[] = [];
let failPuts = 0;
let server: Server;
let config: ObjectStorageConfig;

const body = (req: IncomingMessage) =>
  new Promise<Buffer>((resolve) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks)));
  });

/** What S3 checks: the signature over the request as received, and the body against its declared hash. */
function signatureHolds(req: IncomingMessage, payload: Buffer): boolean {
  const amzDate = String(req.headers["x-amz-date"]);
  const now = new Date(`${amzDate.slice(0, 4)}-${amzDate.slice(4, 6)}-${amzDate.slice(6, 8)}T${amzDate.slice(9, 11)}:${amzDate.slice(11, 13)}:${amzDate.slice(13, 15)}Z`);
  const signedNames = /SignedHeaders=([^,]+)/.exec(String(req.headers.authorization))?.[1]?.split(";") ?? [];
  const headers: Record<string, string> = {};
  for (const name of signedNames)
    if (!["host", "x-amz-date", "x-amz-content-sha256"].includes(name)) headers[name] = String(req.headers[name]);
  const declared = String(req.headers["x-amz-content-sha256"]);
  const expected = signS3Request(
    { method: req.method!, url: new URL(`http://${req.headers.host}${req.url}`), headers, payloadHash: declared },
    CREDENTIALS,
    now,
  );
  return expected.authorization === req.headers.authorization && createHash("sha256").update(payload).digest("hex") === declared;
}

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const payload = await body(req);
    const key = decodeURIComponent(req.url!);
    const answer = (status: number, headers: Record<string, string | number> = {}, data?: Buffer) => {
      requests.push({ method: req.method!, path: key, status });
      res.writeHead(status, headers).end(data);
    };
    if (!signatureHolds(req, payload)) return answer(403);
    if (req.method === "PUT") {
      if (failPuts > 0) {
        failPuts -= 1;
        return answer(503);
      }
      objects.set(key, payload);
      return answer(200);
    }
    const object = objects.get(key);
    if (!object) return answer(404);
    if (req.method === "HEAD") return answer(200, { "content-length": object.length });
    const range = /^bytes=(\d+)-(\d+)$/.exec(String(req.headers.range ?? ""));
    if (range) {
      const part = object.subarray(Number(range[1]), Number(range[2]) + 1);
      return answer(206, { "content-length": part.length }, part);
    }
    return answer(200, { "content-length": object.length }, object);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  config = { ...CREDENTIALS, endpoint: `http://127.0.0.1:${port}`, bucket: "call-audio", prefix: "dialer/" };
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  objects.clear();
  requests.length = 0;
  failPuts = 0;
});

const frame = (v: number) => Int16Array.from({ length: 160 }, () => v);
const spool = () => mkdtempSync(path.join(tmpdir(), "rec-spool-"));
const storeOn = (spoolDir: string) => new ObjectRecordingStore(config, { spoolDir, retryDelaysMs: [10, 10] });
const read = async (stream: NodeJS.ReadableStream) => {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
};

describe("ObjectRecordingStore", () => {
  it("uploads a closed recording under the prefix, empties the spool, and plays it back from the bucket with ranges", async () => {
    const dir = spool();
    const store = storeOn(dir);
    const w = store.create("1/20-1.wav");
    for (let i = 0; i < 100; i++) w.write(frame(300), frame(-300)); // 2 s
    expect(w.close()).toEqual({ key: "1/20-1.wav", bytes: WAV_HEADER_BYTES + 100 * 640, durationMs: 2000 });
    await store.settled();

    const uploaded = objects.get("/call-audio/dialer/1/20-1.wav")!;
    expect(uploaded.length).toBe(WAV_HEADER_BYTES + 100 * 640);
    expect(uploaded.toString("ascii", 8, 12)).toBe("WAVE");
    expect(existsSync(path.join(dir, "1/20-1.wav"))).toBe(false);

    const whole = await store.open("1/20-1.wav");
    expect(whole?.size).toBe(uploaded.length);
    expect((await read(whole!.stream)).equals(uploaded)).toBe(true);
    const part = await store.open("1/20-1.wav", { start: 44, end: 47 });
    expect([...(await read(part!.stream))]).toEqual([...uploaded.subarray(44, 48)]);
    expect(await store.open("1/missing.wav")).toBeUndefined();
    expect(requests.every((r) => r.status !== 403)).toBe(true);
  });

  it("plays a recording from the spool while its upload is failing, and uploads it once the storage answers", async () => {
    const dir = spool();
    const store = storeOn(dir);
    failPuts = 2;
    const w = store.create("1/21-1.wav");
    for (let i = 0; i < 50; i++) w.write(frame(1), frame(2));
    w.close();
    const meanwhile = await store.open("1/21-1.wav");
    expect(meanwhile?.size).toBe(WAV_HEADER_BYTES + 50 * 640);
    meanwhile?.stream.destroy();

    await store.settled();
    expect(requests.filter((r) => r.method === "PUT").map((r) => r.status)).toEqual([503, 503, 200]);
    expect(objects.get("/call-audio/dialer/1/21-1.wav")?.length).toBe(WAV_HEADER_BYTES + 50 * 640);
    expect(existsSync(path.join(dir, "1/21-1.wav"))).toBe(false);
  });

  it("keeps a recording whose upload gave up in the spool, and the next start uploads it", async () => {
    const dir = spool();
    const first = storeOn(dir);
    failPuts = 10;
    const w = first.create("1/22-1.wav");
    for (let i = 0; i < 10; i++) w.write(frame(1), frame(2));
    w.close();
    await first.settled();
    expect(existsSync(path.join(dir, "1/22-1.wav"))).toBe(true);

    failPuts = 0;
    const next = storeOn(dir);
    await next.settled();
    expect(objects.get("/call-audio/dialer/1/22-1.wav")?.length).toBe(WAV_HEADER_BYTES + 10 * 640);
    expect(existsSync(path.join(dir, "1/22-1.wav"))).toBe(false);
  });

  it("completes a recording a crash cut, uploads it whole, and still reports what it holds after the upload", async () => {
    const dir = spool();
    const crashed = storeOn(dir);
    const w = crashed.create("1/23-1.wav");
    for (let i = 0; i < 55; i++) w.write(frame(7), frame(7)); // 50 frames reach the disk; the crash loses 5

    const restarted = storeOn(dir);
    await restarted.settled();
    const uploaded = objects.get("/call-audio/dialer/1/23-1.wav")!;
    expect(uploaded.readUInt32LE(40)).toBe(50 * 640); // the header says what the file holds
    expect(await restarted.repair("1/23-1.wav")).toEqual({
      key: "1/23-1.wav",
      bytes: WAV_HEADER_BYTES + 50 * 640,
      durationMs: 1000,
    });
    expect(await restarted.repair("1/never.wav")).toBeUndefined();
  });
});
