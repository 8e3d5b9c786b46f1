// Q.850 hangup causes as Asterisk names and prints them (main/channel.c causes[]), the `reason` words of
// DELETE /channels/{id} (resource_channels.c convert_reason_to_hangup_code), and the Dial status a failed
// dial reports for a cause (chan_pjsip queues BUSY for 486/600/603, CONGESTION for 503/…).

export const CAUSE = {
  NOT_DEFINED: 0, UNALLOCATED: 1, NO_ROUTE_DESTINATION: 3, NORMAL_CLEARING: 16, USER_BUSY: 17,
  NO_USER_RESPONSE: 18, NO_ANSWER: 19, SUBSCRIBER_ABSENT: 20, CALL_REJECTED: 21, ANSWERED_ELSEWHERE: 26,
  INVALID_NUMBER_FORMAT: 28, NORMAL_UNSPECIFIED: 31, CONGESTION: 34, FAILURE: 38,
  BEARERCAPABILITY_NOTAVAIL: 58, INTERWORKING: 127,
} as const;

const CAUSE_TEXT: Record<number, string> = {
  0: "Unknown", 1: "Unallocated (unassigned) number", 3: "No route to destination", 16: "Normal Clearing",
  17: "User busy", 18: "No user responding", 19: "User alerting, no answer", 20: "Subscriber absent",
  21: "Call Rejected", 26: "Answered elsewhere", 27: "Destination out of order", 28: "Invalid number format",
  31: "Normal, unspecified", 34: "Circuit/channel congestion", 38: "Network out of order", 41: "Temporary failure",
  42: "Switching equipment congestion", 44: "Requested channel not available",
  58: "Bearer capability not available", 127: "Interworking, unspecified",
};

/** ast_cause2str: "Unknown" for anything not in the table. */
export const causeText = (cause: number): string => CAUSE_TEXT[cause] ?? "Unknown";

/** DELETE /channels/{id}?reason=… → cause; undefined for a word Asterisk rejects. */
export const REASON_CAUSE: Record<string, number> = {
  normal: 16, busy: 17, congestion: 34, no_answer: 19, timeout: 18, rejected: 21, unallocated: 1,
  normal_unspecified: 31, number_incomplete: 28, codec_mismatch: 58, interworking: 127, failure: 38,
  answered_elsewhere: 26,
};

export type DialStatus = "" | "RINGING" | "PROGRESS" | "ANSWER" | "BUSY" | "NOANSWER" | "CHANUNAVAIL" | "CONGESTION" | "CANCEL";

/** The Dial status a never-answered leg ends with, by its cause. */
export function dialStatusFor(cause: number): DialStatus {
  if (cause === 17 || cause === 21) return "BUSY";
  if (cause === 18 || cause === 19) return "NOANSWER";
  if (cause === 34 || cause === 42 || cause === 41 || cause === 38) return "CONGESTION";
  return "CHANUNAVAIL";
}
