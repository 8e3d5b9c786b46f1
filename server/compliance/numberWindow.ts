// The calling window of a dialled number's own zones, pure (time is an argument). The compliance gate judges
// every dial by it, and the dialer engine's calling-window rule by the same function, so the engine never
// picks a lead the gate would then refuse (a lead in New York whose mobile is a Los Angeles number is not
// dialled at 8:30 Eastern, and the auto-dialer does not retry it every tick).
import { callingWindowVerdict, type CallingWindowVerdict } from "../dialer/callingWindows";
import type { NumberRegion } from "../geo/numbers";

export type NumberWindow =
  | { callable: true }
  /** The number's place has no zone: its local time is unknown. */
  | { callable: false; noZone: true }
  /** Closed in one of the number's zones: that zone's verdict. */
  | { callable: false; noZone: false; verdict: CallingWindowVerdict };

export function numberWindow(place: NumberRegion | null, at: number, callsLast24h: number): NumberWindow {
  if (!place || place.zones.length === 0) return { callable: false, noZone: true };
  // US and Canadian numbers follow their state's or province's rules; elsewhere (an allowed country, or a
  // Caribbean NANP member) the TCPA's 08:00–21:00 in each zone is the floor we hold to.
  const country = place.country === "CA" ? "CA" : "US";
  const state = place.country === "US" || place.country === "CA" ? place.region : null;
  for (const zone of place.zones) {
    const verdict = callingWindowVerdict({ country, state, timezone: zone }, at, { callsLast24h });
    if (!verdict.callable) return { callable: false, noZone: false, verdict };
  }
  return { callable: true };
}
