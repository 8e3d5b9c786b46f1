import { AxiosError, AxiosHeaders } from "axios";
import { describe, expect, it } from "vitest";
import { explainErrorOf, firstFailure, parseExplanation } from "./explanation";
import { explanation } from "./testing";

const refusal = (status: number, data: unknown) =>
  new AxiosError(
    "failed",
    "ERR_BAD_REQUEST",
    undefined,
    {},
    {
      status,
      statusText: String(status),
      data,
      headers: {},
      config: { headers: new AxiosHeaders() },
    },
  );

describe("explanation", () => {
  it("keeps a rule this browser does not know, so the other verdicts still show", () => {
    const e = explanation({ failing: { owner: "Another agent's lead." } });
    const parsed = parseExplanation({
      ...e,
      rules: [...e.rules, { rule: "new-rule", ok: false, reason: "New." }],
    });
    expect(parsed.rules.at(-1)).toEqual({ rule: "new-rule", ok: false, reason: "New." });
    expect(firstFailure(parsed)).toBe(7);
    expect(firstFailure(explanation())).toBe(-1);
  });

  it("sorts refusals by status and keeps the gateway's message", () => {
    expect(explainErrorOf(refusal(403, { message: "This action is unauthorized." }))).toEqual({
      kind: "forbidden",
      message: "This action is unauthorized.",
    });
    expect(explainErrorOf(refusal(409, { message: "Busy." }))).toEqual({ kind: "refused", message: "Busy." });
    expect(explainErrorOf(refusal(502, { message: "Bad gateway" }))).toEqual({
      kind: "failed",
      message: null,
    });
    expect(explainErrorOf(refusal(404, "<html>"))).toEqual({ kind: "failed", message: null });
    expect(explainErrorOf(new AxiosError("Network Error", "ERR_NETWORK"))).toEqual({
      kind: "failed",
      message: null,
    });
  });
});
