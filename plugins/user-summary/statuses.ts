// Lead statuses (a disposition, or New, In Process, Callback) come from the gateway in English: they are
// shown in the agent's language through the locales' `status` texts, with the dispositions plugin's words for
// the dispositions. A status the locales do not know yet is shown as it came.
/** "In Process" → "status.in_process", "Medical DQ AA/GTL" → "status.medical_dq_aa_gtl". */
export const statusKey = (status: string) =>
  `status.${status
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_|_$/g, "")}`;

type Translate = (key: string, options: { defaultValue: string }) => string;

export const statusText = (t: Translate, status: string | null): string | null =>
  status === null ? null : t(statusKey(status), { defaultValue: status });
