import { describe, expect, it } from "vitest";
import { systemClock } from "../src/shared/clock";
import { readConfig } from "./config";

describe("readConfig: what an unconfigured gateway exposes (issue 11, finding 1)", () => {
  it("listens on loopback unless HOST says otherwise", () => {
    expect(readConfig({}).host).toBe("127.0.0.1");
    expect(readConfig({ HOST: "0.0.0.0" }).host).toBe("0.0.0.0");
  });

  it("has the development mailbox only when DEV_MAILBOX=true, and refuses it in production", () => {
    expect(readConfig({}).devMailbox).toBe(false);
    expect(readConfig({ NODE_ENV: "development" }).devMailbox).toBe(false);
    expect(readConfig({ DEV_MAILBOX: "true" }).devMailbox).toBe(true);
    expect(readConfig({ DEV_MAILBOX: "1" }).devMailbox).toBe(false);
    expect(() => readConfig({ DEV_MAILBOX: "true", NODE_ENV: "production" })).toThrow(/DEV_MAILBOX/);
  });

  it("sends mail through SMTP_URL from MAIL_FROM, and refuses SMTP_URL without a sender", () => {
    expect(readConfig({})).toMatchObject({ smtpUrl: undefined, mailFrom: undefined });
    expect(readConfig({ SMTP_URL: "smtps://u:p@mail.example:465", MAIL_FROM: "Dialer <no-reply@example.com>" })).toMatchObject({
      smtpUrl: "smtps://u:p@mail.example:465",
      mailFrom: "Dialer <no-reply@example.com>",
    });
    expect(() => readConfig({ SMTP_URL: "smtp://mail.example" })).toThrow(/MAIL_FROM/);
  });
});

describe("readConfig: where recordings are kept", () => {
  const S3 = {
    RECORDINGS_STORE: "s3",
    S3_ENDPOINT: "https://s3.eu-west-3.amazonaws.com",
    S3_BUCKET: "call-audio",
    S3_ACCESS_KEY_ID: "AKID",
    S3_SECRET_ACCESS_KEY: "secret",
  };

  it("keeps them as local files unless RECORDINGS_STORE says s3", () => {
    expect(readConfig({}).recordingsStore).toEqual({ kind: "local" });
    expect(readConfig(S3).recordingsStore).toEqual({
      kind: "s3",
      endpoint: "https://s3.eu-west-3.amazonaws.com",
      bucket: "call-audio",
      region: "us-east-1",
      accessKeyId: "AKID",
      secretAccessKey: "secret",
      prefix: "",
    });
    expect(readConfig({ ...S3, S3_REGION: "eu-west-3", S3_PREFIX: "dialer/" }).recordingsStore).toMatchObject({
      region: "eu-west-3",
      prefix: "dialer/",
    });
  });

  it("refuses a store it does not know, and object storage without its address, bucket or keys", () => {
    expect(() => readConfig({ RECORDINGS_STORE: "ftp" })).toThrow(/local or s3/);
    expect(() => readConfig({ ...S3, S3_BUCKET: "" })).toThrow(/S3_BUCKET/);
    expect(() => readConfig({ ...S3, S3_SECRET_ACCESS_KEY: undefined })).toThrow(/S3_SECRET_ACCESS_KEY/);
    expect(() => readConfig({ ...S3, S3_ENDPOINT: "not a url" })).toThrow(/S3_ENDPOINT/);
  });
});

describe("readConfig: the host names the gateway answers to (DNS rebinding)", () => {
  it("answers loopback's names only unless ALLOWED_HOSTS lists others", () => {
    expect(readConfig({}).allowedHosts).toEqual([]);
    expect(readConfig({ ALLOWED_HOSTS: "dialer.example.com, .lan.example" }).allowedHosts).toEqual([
      "dialer.example.com",
      ".lan.example",
    ]);
    expect(readConfig({ ALLOWED_HOSTS: "*" }).allowedHosts).toEqual(["*"]);
  });

  it("refuses a URL or a port where a host name belongs", () => {
    expect(() => readConfig({ ALLOWED_HOSTS: "https://dialer.example.com" })).toThrow(/ALLOWED_HOSTS/);
    expect(() => readConfig({ ALLOWED_HOSTS: "dialer.example.com:443" })).toThrow(/ALLOWED_HOSTS/);
  });
});

describe("readConfig: a pinned clock (CLOCK_START)", () => {
  it("instances given the same CLOCK_START and CLOCK_START_AT read one clock, whenever each started", async () => {
    const env = { CLOCK_START: "2026-03-10T18:00:00Z", CLOCK_START_AT: new Date(Date.now() - 30_000).toISOString() };
    const first = readConfig(env);
    await new Promise((r) => setTimeout(r, 50));
    const later = readConfig(env);
    const [a, b] = [first, later].map((c) => systemClock(c.clockStart, c.clockStartAt).now());
    expect(Math.abs(a! - b!)).toBeLessThan(50);
    // 30 s after the pinned instant, not at it.
    expect(a! - Date.parse("2026-03-10T18:00:00Z")).toBeGreaterThanOrEqual(30_000);
    // Without CLOCK_START_AT each starts at CLOCK_START when made.
    expect(systemClock(readConfig({ CLOCK_START: env.CLOCK_START }).clockStart).now()).toBeLessThan(a!);
  });

  it("refuses CLOCK_START_AT that is no instant, or without CLOCK_START", () => {
    expect(() => readConfig({ CLOCK_START: "2026-03-10T18:00:00Z", CLOCK_START_AT: "soon" })).toThrow(/CLOCK_START_AT/);
    expect(() => readConfig({ CLOCK_START_AT: "2026-03-10T18:00:00Z" })).toThrow(/CLOCK_START_AT/);
  });
});
