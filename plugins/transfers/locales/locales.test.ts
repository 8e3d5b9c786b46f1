// The transfers plugin's texts: every refusal and outcome the gateway can send has words in en, fr and es,
// and the English ones are the contract's.
import { describe, expect, it } from "vitest";
import { TRANSFER_MESSAGES, TRANSFER_OUTCOME_MESSAGES, TRANSFER_OUTCOMES } from "../../../src/contract/calls";
import en from "./en.json";
import es from "./es.json";
import fr from "./fr.json";

describe("transfer texts", () => {
  it("word every refusal and outcome of the contract in each language, the English as the contract has it", () => {
    for (const locale of [en, fr, es]) {
      for (const key of Object.keys(TRANSFER_MESSAGES))
        expect((locale.refusals as Record<string, string>)[key]).toBeTruthy();
      for (const o of TRANSFER_OUTCOMES) expect((locale.outcome as Record<string, string>)[o]).toBeTruthy();
    }
    expect(en.refusals).toEqual(TRANSFER_MESSAGES);
    expect(en.outcome).toEqual(TRANSFER_OUTCOME_MESSAGES);
  });
});
