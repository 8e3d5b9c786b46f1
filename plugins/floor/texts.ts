// Dispositions come from the gateway by their English value ("Appointment Setup"); the wall says them in the
// manager's language with its own copy of their names. A value the locales do not know is shown as it came.
import { dispositionKey } from "../dispositions/api";

type Translate = (key: string, options: { defaultValue: string }) => string;

export const dispositionText = (t: Translate, value: string) => t(dispositionKey(value), { defaultValue: value });
