// Dispositions come from the gateway by their English value ("Appointment Setup"); the wall says them in the
// manager's language with its own copy of their names. A value the locales do not know is shown as it came.
type Translate = (key: string, options: { defaultValue: string }) => string;

/** "Medical DQ AA/GTL" → "disposition.medical_dq_aa_gtl". */
export const dispositionKey = (value: string) =>
  `disposition.${value
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_|_$/g, "")}`;

export const dispositionText = (t: Translate, value: string) => t(dispositionKey(value), { defaultValue: value });
