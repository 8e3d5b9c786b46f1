import type { z } from "zod";
import type { Message } from "../../i18n/message";
import type { SignInClient } from "./signInClient";
import type { SignInContract } from "./signInContract";

/** A form's errors by field: at once when the contract is there, else once it has loaded. */
export type Checked = Record<string, Message> | Promise<Record<string, Message>>;

/**
 * A sign-in form's rules: the contract's schema, picked once its module has loaded (a call before that waits for it),
 * each field's first issue as a Message (src/app/forms/validateWith.ts).
 */
export function validateBy(pick: (contract: SignInContract) => z.ZodType) {
  const check = (contract: SignInContract, values: object) => {
    // An empty box is a missing value, as final-form had it: "required" rather than a pattern's text.
    const given = Object.fromEntries(Object.entries(values).filter(([, value]) => value !== ""));
    return contract.validateWith(pick(contract))(given);
  };
  return (client: SignInClient, values: object): Checked => {
    const loaded = client.contractNow();
    return loaded ? check(loaded, values) : client.contract().then((contract) => check(contract, values));
  };
}
