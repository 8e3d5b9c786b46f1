import { describe, expect, it } from "vitest";
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
