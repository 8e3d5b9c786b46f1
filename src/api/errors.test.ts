import { AxiosError, AxiosHeaders } from "axios";
import { describe, expect, it } from "vitest";
import { httpStatus } from "./errors";
import { bearerToken, firstFieldMessages, minutesToWait } from "./wire";

const failed = (status: number, data: unknown = {}, headers: Record<string, string> = {}) =>
  new AxiosError(
    "failed",
    "ERR_BAD_REQUEST",
    undefined,
    {},
    {
      status,
      statusText: "",
      data,
      headers: new AxiosHeaders(headers),
      config: { headers: new AxiosHeaders() },
    },
  );

describe("reading gateway errors", () => {
  it("knows the status, or that there was none", () => {
    expect(httpStatus(failed(422))).toBe(422);
    expect(httpStatus(new AxiosError("Network Error", "ERR_NETWORK"))).toBeUndefined();
    expect(httpStatus(new Error("boom"))).toBeUndefined();
  });

  it("takes the first message of each field", () => {
    expect(firstFieldMessages({ code: ["code.invalid", "x"], password: [] })).toEqual({
      code: "code.invalid",
    });
  });

  it.each([
    ["60", 1],
    ["61", 2],
    ["900", 15],
    ["0", 1],
    ["", 1],
  ])("Retry-After %j means %i minute(s)", (value, minutes) => {
    expect(minutesToWait(value || null)).toBe(minutes);
  });

  it("reads an HTTP-date Retry-After", () => {
    const now = Date.UTC(2026, 0, 5, 14, 0, 0);
    const at = new Date(now + 5 * 60_000).toUTCString();
    expect(minutesToWait(at, now)).toBe(5);
  });

  it("reads the token of a Bearer header, and nothing else", () => {
    expect(bearerToken("Bearer abc.def")).toBe("abc.def");
    expect(bearerToken("bearer  abc ")).toBe("abc");
    expect(bearerToken("Basic abc")).toBeNull();
    expect(bearerToken(null)).toBeNull();
  });
});
