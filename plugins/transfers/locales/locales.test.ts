// The transfers plugin's texts: every refusal and outcome the gateway can send has words in en, fr and es,
// and the English ones are the contract's.
import { describe, expect, it } from "vitest";
import { TRANSFER_MESSAGES, TRANSFER_OUTCOME_MESSAGES, TRANSFER_OUTCOMES } from "../../../src/contract/calls";
import { LIVE_TRANSFER_MESSAGES, LIVE_TRANSFER_WITHDRAWN_REASONS } from "../../../src/contract/liveTransfers";
import { PARTNER_TRANSFER_MESSAGES } from "../contract/events";
import en from "./en.json";
import es from "./es.json";
import fr from "./fr.json";

/** The live-transfer refusals the contract words in English (the others are the specification's keys). */
const liveEnglish = Object.fromEntries(
  Object.entries(LIVE_TRANSFER_MESSAGES).filter(([, text]) => !text.startsWith("live_transfers.")),
);
const liveKeys = Object.values(LIVE_TRANSFER_MESSAGES)
  .filter((text) => text.startsWith("live_transfers."))
  .map((key) => key.slice("live_transfers.".length));

describe("transfer texts", () => {
  it("word every refusal and outcome of the contracts in each language, the English as the contracts have it", () => {
    // The core's transfer refusals and this plugin's own (its Sunlife and Matcha events').
    const refusals = { ...TRANSFER_MESSAGES, ...PARTNER_TRANSFER_MESSAGES };
    for (const locale of [en, fr, es]) {
      for (const key of Object.keys(refusals))
        expect((locale.refusals as Record<string, string>)[key]).toBeTruthy();
      for (const o of TRANSFER_OUTCOMES) expect((locale.outcome as Record<string, string>)[o]).toBeTruthy();
    }
    expect(en.refusals).toEqual(refusals);
    expect(en.outcome).toEqual(TRANSFER_OUTCOME_MESSAGES);
  });

  it("word every live-transfer refusal, the specification's keys and each reason an offer is withdrawn", () => {
    for (const locale of [en, fr, es]) {
      expect(Object.keys(locale.live_refusals).sort()).toEqual(Object.keys(liveEnglish).sort());
      for (const key of liveKeys) expect((locale.live_transfers as Record<string, string>)[key]).toBeTruthy();
      for (const reason of LIVE_TRANSFER_WITHDRAWN_REASONS)
        expect((locale.offer.withdrawn as Record<string, string>)[reason]).toBeTruthy();
    }
    expect(en.live_refusals).toEqual(liveEnglish);
  });

  it("have the same keys in the three languages", () => {
    const keys = (o: object, prefix = ""): string[] =>
      Object.entries(o).flatMap(([k, v]) =>
        v && typeof v === "object" ? keys(v as object, `${prefix}${k}.`) : [`${prefix}${k}`],
      );
    expect(keys(fr).sort()).toEqual(keys(en).sort());
    expect(keys(es).sort()).toEqual(keys(en).sort());
  });
});
