// Every lead status the gateway may send (a disposition, New, In Process, Callback) has its text in every
// language (the dispositions' texts are the dispositions plugin's words, copied: a plugin reads only its own
// locales).
import { describe, expect, it } from "vitest";
import { LEAD_STATUSES } from "../../src/contract/lead";
import en from "./locales/en.json";
import es from "./locales/es.json";
import fr from "./locales/fr.json";
import { statusKey } from "./statuses";

const texts = { en, fr, es };

describe("lead status texts", () => {
  it("keys a status by its words", () => {
    expect(statusKey("In Process")).toBe("status.in_process");
    expect(statusKey("Medical DQ AA/GTL")).toBe("status.medical_dq_aa_gtl");
    expect(statusKey("Live_Transfer")).toBe("status.live_transfer");
    expect(statusKey("Inbound-Hoax")).toBe("status.inbound_hoax");
  });

  it.each(["en", "fr", "es"] as const)("has every lead status in %s", (language) => {
    const status: Record<string, string> = texts[language].status;
    for (const value of LEAD_STATUSES) expect(status[statusKey(value).slice("status.".length)], value).toBeTruthy();
  });
});
