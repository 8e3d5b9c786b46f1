// Dialing sequence: dial number n waits the sequence's n-th number of minutes after the previous dial (the
// last number repeats past the list). A due follow-up is dialled at its own time instead.
import { AUTO_ONLY, fail, followUpDue, iso, pass, type LeadRule } from "../facts";

export const dialingSequence: LeadRule = {
  name: "dialing-sequence",
  scope: "lead",
  modes: AUTO_ONLY,
  needsAgent: false,
  check(ctx, lead) {
    if (followUpDue(ctx, lead)) return pass("A follow-up is due: it is dialled at its own time.");
    const n = lead.dials + 1;
    if (lead.lastDialAt === null) return pass(`Dial #${n}: no previous dial is recorded.`);
    const seq = ctx.settings.dialingSequence.sequence;
    const wait = seq.length ? seq[Math.min(n, seq.length) - 1]! : 0;
    const at = lead.lastDialAt + wait * 60_000;
    return ctx.now >= at
      ? pass(`Dial #${n} waits ${wait} min after the previous dial; it was due at ${iso(at)}.`)
      : fail(`Dial #${n} waits ${wait} min after the previous dial (${iso(lead.lastDialAt)}); due at ${iso(at)}.`);
  },
};
