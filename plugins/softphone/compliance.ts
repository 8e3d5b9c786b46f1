// The gateway's compliance gate, asked before dialling (GET /calls/compliance): a number it would refuse (Do Not
// Call, outside its calling hours, a country the call centre does not dial, no number at all) is not dialled,
// and the reason shows next to the field in the agent's language. Asked as the agent presses Call, and while
// it types, once the text looks like a whole number. When the gateway cannot say, the dial goes ahead: the
// gateway gates every dial anyway.
import type { AxiosInstance } from "axios";
import { checkCompliance, ComplianceQuery, type ComplianceVerdict } from "../../src/contract/compliance";
import { callEndpoint, type Clock, type ClockTimer } from "../../src/sdk";
import type { ComplianceRefusal, SoftphoneStore } from "./model";

/** Typing pauses this long before the number is checked. */
export const CHECK_DEBOUNCE_MS = 500;

type Field = ComplianceRefusal["field"];

/** Ten digits or more (a North American number, or + and a country code): worth asking about. */
export const looksComplete = (text: string) => !text.includes("*") && text.replace(/\D/g, "").length >= 10;

export function createCompliance(d: { http: AxiosInstance; clock: Clock; store: SoftphoneStore }) {
  const { store } = d;
  const timers = new Map<Field, ClockTimer>();
  /** The newest question per field: an older answer arriving late is dropped. */
  const asked = new Map<Field, number>();
  let seq = 0;

  async function verdictOf(phone: string): Promise<ComplianceVerdict | null> {
    // A text the gate's query refuses (too long) is not asked about: the gateway gates the dial itself.
    const query = ComplianceQuery.safeParse({ phone });
    if (!query.success) return null;
    const answer = await callEndpoint(d, checkCompliance, { query: { phone } });
    return answer.ok ? answer.data.data : null;
  }

  const clear = (field: Field) => {
    if (store.refusal?.field === field) store.setRefusal(null);
  };

  /** Asks about `text`; shows the refusal and answers false when the gate would refuse it. */
  async function check(field: Field, text: string): Promise<boolean> {
    const mine = ++seq;
    asked.set(field, mine);
    const v = await verdictOf(text);
    if (asked.get(field) !== mine) return v?.callable ?? true;
    if (v && !v.callable) {
      store.setRefusal({ field, text, reason: v.reason, values: v.values });
      return false;
    }
    clear(field);
    return true;
  }

  return {
    check,
    /** The field changed: an old refusal goes, and a whole number is checked once typing pauses. */
    edited(field: Field, text: string, checkNow: boolean) {
      const t = timers.get(field);
      if (t) d.clock.clearTimeout(t);
      timers.delete(field);
      asked.delete(field);
      if (store.refusal?.field === field && store.refusal.text !== text) store.setRefusal(null);
      if (!checkNow || !looksComplete(text)) return;
      timers.set(
        field,
        d.clock.setTimeout(() => {
          timers.delete(field);
          void check(field, text);
        }, CHECK_DEBOUNCE_MS),
      );
    },
    dispose() {
      for (const t of timers.values()) d.clock.clearTimeout(t);
      timers.clear();
    },
  };
}
