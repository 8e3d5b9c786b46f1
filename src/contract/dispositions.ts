// Dispositions on the wire (agent-workspace §3 Disposition, §4 Dispositions, §7 POST /leads/{id}/dispositions).
// A disposition is a write that must not double: the browser sends an Idempotency-Key header and a retried
// request with the same key answers the first result (ARCHITECTURE.md decision 15).
import { z } from "zod";

/** The disposition values the workspace uses (agent-workspace §4, booking-and-reference §6). */
export const DISPOSITIONS = [
  "Voicemail",
  "Callback Scheduled",
  "Appointment Setup",
  "Make Phone Appointment",
  "Internal Transfer",
  "Not Interested",
  "Not In Service",
  "Do Not Call",
  "Pocket",
  "External Follow-up",
  "External Failed Transfer",
  "Unreachable",
  "Dead",
  "Publisher Failed Transfer",
  "Hoax",
  "Inbound-Hoax",
  "Duplicate",
  "Live_Transfer",
  "Engaged Opportunity",
  "Failed Transfer",
  "Failed Inbound Transfer",
  "Sold",
  "Call Dropped",
  "Junk",
  "Medical Disqualification",
  "Medical DQ AA/GTL",
  "Medical DQ EMC",
  "Disqualified Transfer",
  "Disqualified Transfer - Age",
  "Disqualified Transfer - Banking",
  "Sent External",
  "Client Looking For a Job",
  "No Valid Payment",
  "Transferred to 3rd Party",
  "Other reason",
] as const;
export const DispositionValue = z.enum(DISPOSITIONS);
export type DispositionValue = z.infer<typeof DispositionValue>;

/** Types that need a date-time (agent-workspace §5: 'date_time required'). */
export const CALLBACK_DISPOSITIONS: readonly DispositionValue[] = [
  "Callback Scheduled",
  "Pocket",
  "External Follow-up",
  "Engaged Opportunity",
];

/** Free text keeps printable ASCII and newlines only (agent-workspace §5). */
export const FreeText = (max: number) =>
  z
    .string()
    .max(max)
    .transform((s) => s.replace(/[^\x20-\x7E\n]/g, ""));

export const DispositionPayload = z
  .strictObject({
    date_time: z.string().datetime({ offset: true }).nullable().optional(),
    disposition: DispositionValue,
    notes: FreeText(5000).optional().default(""),
    reason: z.string().max(191).nullable().optional(),
    reason_other: FreeText(191).nullable().optional(),
    reschedule_followup: z.boolean().optional().default(false),
    short_call: z.boolean().optional().default(false),
  })
  .superRefine((d, ctx) => {
    if (CALLBACK_DISPOSITIONS.includes(d.disposition) && !d.date_time) {
      ctx.addIssue({ code: "custom", path: ["date_time"], message: "date_time required" });
    }
  });
export type DispositionPayload = z.input<typeof DispositionPayload>;

/** POST /leads/{id}/dispositions. `lead` carries the lead's edited fields (later issues); `call_id` ties it to the call. */
export const CreateDispositionBody = z.strictObject({
  lead: z.record(z.string(), z.unknown()).optional(),
  disposition: DispositionPayload,
  call_id: z.number().int().positive().nullable().optional(),
});

export const SavedDisposition = z.object({
  id: z.number().int(),
  lead_id: z.number().int(),
  call_id: z.number().int().nullable(),
  disposition: DispositionValue,
  reason: z.string().nullable(),
  reason_other: z.string().nullable(),
  notes: z.string(),
  date_time: z.string().nullable(),
  short_call: z.boolean(),
  created_at: z.string(),
});
export const CreateDispositionResponse = z.object({ data: SavedDisposition });

export const IDEMPOTENCY_HEADER = "Idempotency-Key";
