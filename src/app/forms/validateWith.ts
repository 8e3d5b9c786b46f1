import type { z } from "zod";
import { LOOKS_LIKE_KEY, msg, type Message } from "../../i18n/message";

type Issue = z.core.$ZodIssue;

/** One zod issue as a text for the agent: the contract's own keys (password.too_short) or a generic rule. */
function issueMessage(issue: Issue): Message {
  const limits = {
    min: "minimum" in issue ? Number(issue.minimum) : undefined,
    max: "maximum" in issue ? Number(issue.maximum) : undefined,
  };
  if (LOOKS_LIKE_KEY.test(issue.message)) return msg(issue.message, limits);
  switch (issue.code) {
    case "invalid_type":
      return msg("validation.required");
    case "too_small":
      return limits.min === 1 ? msg("validation.required") : msg("validation.too_short", limits);
    case "too_big":
      return msg("validation.too_long", limits);
    default:
      return msg("validation.invalid");
  }
}

/** A final-form `validate` from a zod schema: the first issue per field, as a Message. */
export function validateWith(schema: z.ZodType) {
  return (values: object): Record<string, Message> => {
    const result = schema.safeParse(values);
    if (result.success) return {};
    const errors: Record<string, Message> = {};
    for (const issue of result.error.issues) {
      const field = String(issue.path[0] ?? "");
      errors[field] ??= issueMessage(issue);
    }
    return errors;
  };
}
