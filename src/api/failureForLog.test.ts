import { AxiosError, AxiosHeaders } from "axios";
import { describe, expect, it } from "vitest";
import { failureForLog } from "./failureForLog";

describe("failureForLog", () => {
  it("says the status of a refused request, never the request and its bearer token", () => {
    const config = { headers: new AxiosHeaders({ Authorization: "Bearer secret-token" }) };
    const refused = new AxiosError(
      "Request failed with status code 404",
      "ERR_BAD_REQUEST",
      config,
      {},
      {
        status: 404,
        statusText: "Not Found",
        headers: {},
        config,
        data: {},
      },
    );
    expect(failureForLog(refused)).toBe("HTTP 404");
    expect(failureForLog(new AxiosError("Network Error", "ERR_NETWORK", config))).toBe("Network Error");
    expect(failureForLog("offline")).toBe("offline");
  });
});
