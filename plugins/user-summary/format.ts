// Call times as the tables show them: the agent's language, a 12-hour clock and UTC, like the picker.
import { formatUtc } from "../../src/i18n/utcTime";

export const formatCallTime = (iso: string, language: string) => formatUtc(iso, language, "short", true);
