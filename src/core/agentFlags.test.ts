// A plugin reads the account's fields it needs through its own schema: typed, parsed once, a malformed field at its
// default (and logged), never a crash.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { agentFlagsReader, defineAgentFlags } from "./agentFlags";

const transfers = defineAgentFlags(
  z.object({
    can_transfer_to_matcha: z.boolean().default(false),
    can_transfer_to_sunlife: z.boolean().default(false),
  }),
);
const licences = defineAgentFlags(z.object({ health_licenses: z.array(z.string()).default([]) }));

describe("the account's fields, as a plugin declares them", () => {
  it("reads the fields by their wire names, typed", () => {
    const flags = agentFlagsReader({
      can_transfer_to_matcha: true,
      health_licenses: ["ny", "tx"],
      is_iapp2_agent: true,
    });
    expect(flags(transfers)).toEqual({ can_transfer_to_matcha: true, can_transfer_to_sunlife: false });
    const held: string[] = flags(licences).health_licenses;
    expect(held).toEqual(["ny", "tx"]);
  });

  it("parses each declaration once: the same object every time", () => {
    const flags = agentFlagsReader({ can_transfer_to_sunlife: true });
    expect(flags(transfers)).toBe(flags(transfers));
    expect(Object.isFrozen(flags(transfers))).toBe(true);
  });

  it("gives a malformed field its default and logs it, once, keeping the declaration's other fields", () => {
    const logged: string[] = [];
    const flags = agentFlagsReader({ can_transfer_to_matcha: "yes", can_transfer_to_sunlife: true }, (m) =>
      logged.push(m),
    );
    expect(flags(transfers)).toEqual({ can_transfer_to_matcha: false, can_transfer_to_sunlife: true });
    flags(transfers);
    expect(logged).toEqual(["the account's can_transfer_to_matcha does not parse; its default is used"]);
  });

  it("gives an absent field its default without a word (an account of an older gateway)", () => {
    const logged: string[] = [];
    expect(agentFlagsReader({}, (m) => logged.push(m))(licences)).toEqual({ health_licenses: [] });
    expect(logged).toEqual([]);
  });

  it("refuses, when the plugin loads, a field without a default", () => {
    expect(() => defineAgentFlags(z.object({ can_transfer_to_matcha: z.boolean() }))).toThrow(
      /can_transfer_to_matcha needs a default/,
    );
    expect(defineAgentFlags(z.object({ nickname: z.string().optional() })).schema.shape).toHaveProperty(
      "nickname",
    );
  });
});
