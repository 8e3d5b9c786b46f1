// The body of POST /leads/{id}/dispositions from the panel's draft (agent-workspace §3 disposition payload).
import { OTHER_REASON, type DispositionValue } from "../../src/contract/dispositions";
import { cutText, keepPrintable } from "../../src/contract/text";
import type { DispositionBody } from "./api";
import { toIso } from "./picker";
import { exceptionDetails, isCallback, isSold, NOTES_MAX, REASON_OTHER_MAX, soldDetails, type DraftValues } from "./rules";

export function buildBody(
  draft: DraftValues,
  ctx: { reasons: readonly string[]; callId: number | null; shortCall: boolean },
): DispositionBody {
  // A reason left over from another disposition is not this one's: only a listed reason goes out.
  const reason = ctx.reasons.includes(draft.reason) ? draft.reason : null;
  return {
    disposition: {
      disposition: draft.disposition as DispositionValue,
      date_time: isCallback(draft.disposition) ? toIso(draft.date, draft.time) : null,
      notes: cutText(keepPrintable(draft.notes), NOTES_MAX),
      reason,
      reason_other:
        reason === OTHER_REASON ? cutText(keepPrintable(draft.reasonOther).trim(), REASON_OTHER_MAX) : null,
      // Rescheduling a follow-up is the follow-ups table's job, never this panel's.
      reschedule_followup: false,
      short_call: ctx.shortCall,
      // Only when given: the wire has no empty sale or exception.
      ...(isSold(draft.disposition) && soldDetails(draft) ? { sold: soldDetails(draft) } : {}),
      ...(exceptionDetails(draft) ? { exception: exceptionDetails(draft) } : {}),
    },
    call_id: ctx.callId,
  };
}
