// Dialing sequence: dial number n waits the sequence's n-th number of minutes after the previous dial (the
// last number repeats past the list). A due follow-up is dialled at its own time instead.
import { AUTO_ONLY, fail, followUpDue, iso, pass, type LeadRule } from "../facts";

export const dialingSequence: LeadRule = {
  name: "dialing-sequence",
  scope: "lead",
  modes: AUTO_ONLY,
  needsAgent: false,
  check(ctx, lead) {
    if (followUpDue(ctx, lead)) return pass("sequence_follow_up");
    const n = lead.dials + 1;
    if (lead.lastDialAt === null) return pass("sequence_first", { n });
    const seq = ctx.settings.dialingSequence.sequence;
    const wait = seq.length ? seq[Math.min(n, seq.length) - 1]! : 0;
    const at = lead.lastDialAt + wait * 60_000;
    return ctx.now >= at
      ? pass("sequence_due", { n, wait, at: iso(at) })
      : fail("sequence_wait", { n, wait, last: iso(lead.lastDialAt), at: iso(at) });
  },
};
