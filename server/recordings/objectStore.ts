// Recordings in S3-compatible object storage (RECORDINGS_STORE=s3): what a call centre with several gateways, or
// with no disk worth keeping recordings on, configures. A recording is written as the call goes, 20 ms at a time,
// and object storage has no append, so each one is spooled to a local file first (the LocalRecordingStore's
// writer, with its crash repair) and uploaded whole when it closes; the spool file goes once the upload is
// acknowledged. Until then it plays from the spool. A failed upload is retried with backoff, and a gateway that
// starts uploads whatever an earlier run left in its spool, so a closed recording is never lost to a network fault.
import { createHash } from "node:crypto";
import { createReadStream, existsSync, readdirSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { EMPTY_SHA256, signS3Request, uriEncode, type S3Credentials } from "./sigv4";
import {
  LocalRecordingStore,
  recordedFileOf,
  type RecordedFile,
  type RecordingStore,
  type RecordingWriter,
} from "./store";

export interface ObjectStorageConfig extends S3Credentials {
  /** The service's address (https://s3.eu-west-1.amazonaws.com, http://127.0.0.1:9000 for MinIO). */
  endpoint: string;
  bucket: string;
  /** Put before every key, so one bucket can hold several call centres' deployments ("dialer/"). */
  prefix: string;
}

export interface ObjectStoreOptions {
  /** Where recordings wait for their upload. */
  spoolDir: string;
  log?: (message: string, detail?: Record<string, unknown>) => void;
  /** Waits between upload attempts of one recording; after the last, the spool keeps it for the next start. */
  retryDelaysMs?: readonly number[];
  now?: () => Date;
}

const DEFAULT_RETRY_DELAYS_MS = [1_000, 5_000, 30_000, 120_000];

async function fileSha256(file: string): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

export class ObjectRecordingStore implements RecordingStore {
  private readonly spool: LocalRecordingStore;
  /** Uploads of one key run one after the other, so the last written version is the one that stays. */
  private readonly uploads = new Map<string, Promise<void>>();
  private readonly retryDelaysMs: readonly number[];
  private readonly now: () => Date;
  private readonly log: NonNullable<ObjectStoreOptions["log"]>;

  constructor(
    private readonly config: ObjectStorageConfig,
    private readonly options: ObjectStoreOptions,
  ) {
    this.spool = new LocalRecordingStore(options.spoolDir);
    this.retryDelaysMs = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
    this.now = options.now ?? (() => new Date());
    this.log = options.log ?? (() => {});
    // What an earlier run left in the spool: closed but not uploaded, or cut by a crash (its header completed
    // first; the recordings plugin's `repair` then finds it in the spool or in the bucket).
    for (const key of this.spooledKeys()) {
      this.spool.repairNow(key);
      this.upload(key);
    }
  }

  create(key: string): RecordingWriter {
    const writer = this.spool.create(key);
    return {
      key,
      write: (agent, heard) => writer.write(agent, heard),
      close: () => {
        const file = writer.close();
        this.upload(key);
        return file;
      },
    };
  }

  async open(key: string, range?: { start: number; end: number }) {
    // Not uploaded yet: the spool has it whole.
    const spooled = await this.spool.open(key, range);
    if (spooled) return spooled;
    const head = await this.request("HEAD", key);
    if (head.status === 404) return undefined;
    if (!head.ok) throw new Error(`object storage answered ${head.status} to HEAD`);
    const size = Number(head.headers.get("content-length"));
    const res = await this.request("GET", key, range ? { range: `bytes=${range.start}-${range.end}` } : {});
    if (res.status === 404) return undefined;
    if (!res.ok || !res.body) throw new Error(`object storage answered ${res.status} to GET`);
    return { size, stream: Readable.fromWeb(res.body as WebReadableStream<Uint8Array>) };
  }

  async repair(key: string): Promise<RecordedFile | undefined> {
    const file = this.spool.repairNow(key);
    if (file) {
      this.upload(key);
      return file;
    }
    // Uploaded already (the start's spool upload came first): the object is the whole file.
    const head = await this.request("HEAD", key);
    if (head.status === 404) return undefined;
    if (!head.ok) throw new Error(`object storage answered ${head.status} to HEAD`);
    return recordedFileOf(key, Number(head.headers.get("content-length")));
  }

  /** Resolves once every upload started so far has succeeded or given up (tests, and a clean shutdown). */
  async settled(): Promise<void> {
    while (this.uploads.size > 0) await Promise.all([...this.uploads.values()]);
  }

  private upload(key: string): void {
    const previous = this.uploads.get(key) ?? Promise.resolve();
    const next = previous.then(() => this.uploadWithRetries(key));
    this.uploads.set(key, next);
    void next.finally(() => {
      if (this.uploads.get(key) === next) this.uploads.delete(key);
    });
  }

  private async uploadWithRetries(key: string): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      try {
        await this.put(key);
        return;
      } catch (e) {
        const wait = this.retryDelaysMs[attempt];
        // Keys only (tenant, call, index): a recording's key names no person.
        this.log(
          wait === undefined ? "recording upload gave up; the spool keeps it for the next start" : "recording upload failed",
          { key, attempt: attempt + 1, error: e instanceof Error ? e.message : String(e) },
        );
        if (wait === undefined) return;
        await new Promise((resolve) => setTimeout(resolve, wait));
      }
    }
  }

  private async put(key: string): Promise<void> {
    const file = this.spoolFile(key);
    if (!existsSync(file)) return; // uploaded by an earlier attempt of the chain
    const size = statSync(file).size;
    const payloadHash = await fileSha256(file);
    const res = await this.request(
      "PUT",
      key,
      { "content-type": "audio/wav", "content-length": String(size) },
      payloadHash,
      Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>,
    );
    if (!res.ok) throw new Error(`object storage answered ${res.status} to PUT`);
    // Only a file unchanged since its upload began may go: a repair may have rewritten it meanwhile.
    if (existsSync(file) && statSync(file).size === size && (await fileSha256(file)) === payloadHash) rmSync(file);
  }

  private request(
    method: "GET" | "HEAD" | "PUT",
    key: string,
    headers: Record<string, string> = {},
    payloadHash = EMPTY_SHA256,
    body?: ReadableStream<Uint8Array>,
  ): Promise<Response> {
    const url = this.urlOf(key);
    const signed = signS3Request({ method, url, headers, payloadHash }, this.config, this.now());
    return fetch(url, {
      method,
      headers: { ...headers, ...signed },
      body,
      // A streamed body (node's fetch needs to be told it sends while it reads nothing back yet).
      ...(body ? { duplex: "half" } : {}),
    } as RequestInit);
  }

  /** Path-style addressing (endpoint/bucket/key): what every S3-compatible service accepts. */
  private urlOf(key: string): URL {
    const objectKey = `${this.config.prefix}${key}`;
    const base = this.config.endpoint.replace(/\/+$/, "");
    return new URL(`${base}/${uriEncode(this.config.bucket)}/${objectKey.split("/").map(uriEncode).join("/")}`);
  }

  private spoolFile(key: string): string {
    return path.join(this.options.spoolDir, key);
  }

  private spooledKeys(): string[] {
    const keys: string[] = [];
    const walk = (dir: string, prefix: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        if (entry.isDirectory()) walk(path.join(dir, entry.name), `${prefix}${entry.name}/`);
        else if (entry.name.endsWith(".wav")) keys.push(`${prefix}${entry.name}`);
      }
    };
    walk(this.options.spoolDir, "");
    return keys;
  }
}
