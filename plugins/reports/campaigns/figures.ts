// The figures of campaigns and publishers, derived from the report's rows in one place for the page, its charts and
// the CSV. What counts as a booking and as a sale is the agents' report's (../metrics.ts, from the dispositions'
// traits in the core's contract), asked of it rather than listed again.
import { DISPOSITIONS } from "../../../src/contract/dispositions";
import { blankSums, figuresOf as agentFiguresOf } from "../metrics";
import type { SourceBefore, SourceDispositions, SourcePeriodRow } from "./contract";

export interface SourceFigures {
  /** Leads that came in during the range. */
  leads: number;
  dials: number;
  contacts: number;
  /** Contacts per dial, 0–1; null without dials. */
  contactRate: number | null;
  inbound: number;
  talk: number;
  bookings: number;
  /** Bookings per contact, 0–1; null without contacts. */
  bookingRate: number | null;
  sales: number;
  /** Sales per contact, 0–1; null without contacts. */
  saleRate: number | null;
  /** No lead cost is recorded (neither per campaign, list nor publisher): always null, shown as unknown. */
  costPerBooking: number | null;
  /** Dials per lead dialled, from the start to the range's last day; null before any lead was dialled. */
  dialsPerLead: number | null;
  /** Leads dialled at least once per lead that came in, from the start to the range's last day, 0–1; null without leads. */
  penetration: number | null;
  /** Dispositions by value over the range (when given). */
  dispositions: Record<string, number>;
  /** Dispositions given in all. */
  disposed: number;
}

/** Bookings and sales among dispositions by value, as the agents' report counts them. */
export function outcomesOf(dispositions: Record<string, number>): { bookings: number; sales: number } {
  const f = agentFiguresOf([{ ...blankSums(), dispositions }]);
  return { bookings: f.bookings, sales: f.sales };
}

/** The disposition values that count as a booking, and as a sale: what the gateway sums per period. */
export const BOOKING_VALUES = DISPOSITIONS.filter((v) => outcomesOf({ [v]: 1 }).bookings === 1);
export const SALE_VALUES = DISPOSITIONS.filter((v) => outcomesOf({ [v]: 1 }).sales === 1);

const share = (n: number, of: number) => (of > 0 ? n / of : null);

/** Adds a source's rows (or several sources') up into their figures, with what came before the range. */
export function sourceFiguresOf(
  rows: readonly SourcePeriodRow[],
  before: readonly SourceBefore[] = [],
  given: readonly SourceDispositions[] = [],
): SourceFigures {
  const dispositions: Record<string, number> = {};
  for (const g of given)
    for (const [d, n] of Object.entries(g.dispositions)) dispositions[d] = (dispositions[d] ?? 0) + n;
  let bookings = 0,
    sales = 0;
  let leads = 0,
    firstDials = 0,
    dials = 0,
    contacts = 0,
    inbound = 0,
    talk = 0;
  for (const r of rows) {
    leads += r.leads;
    firstDials += r.first_dials;
    dials += r.dials;
    contacts += r.contacts;
    inbound += r.inbound;
    talk += r.talk_seconds;
    bookings += r.bookings;
    sales += r.sales;
  }
  const sum = (k: "leads" | "first_dials" | "dials") => before.reduce((t, b) => t + b[k], 0);
  return {
    leads,
    dials,
    contacts,
    contactRate: share(contacts, dials),
    inbound,
    talk,
    bookings,
    bookingRate: share(bookings, contacts),
    sales,
    saleRate: share(sales, contacts),
    costPerBooking: null,
    dialsPerLead: share(sum("dials") + dials, sum("first_dials") + firstDials),
    penetration: share(sum("first_dials") + firstDials, sum("leads") + leads),
    dispositions,
    disposed: Object.values(dispositions).reduce((a, b) => a + b, 0),
  };
}

/** The columns of the sources' table and of its CSV, in order; each sorts by its own figure. */
export const SOURCE_COLUMNS = [
  "leads",
  "dials",
  "contacts",
  "contactRate",
  "bookings",
  "bookingRate",
  "sales",
  "saleRate",
  "costPerBooking",
  "dialsPerLead",
  "penetration",
] as const satisfies readonly (keyof SourceFigures)[];
export type SourceColumn = (typeof SOURCE_COLUMNS)[number];
/** Columns that hold a share (shown as a percent). */
export const PERCENT_COLUMNS = new Set<SourceColumn>([
  "contactRate",
  "bookingRate",
  "saleRate",
  "penetration",
]);

/** One period of the chart: the range's figures, and penetration to date at the period's end. */
export interface SourcePoint {
  period: string;
  dials: number;
  contacts: number;
  bookings: number;
  sales: number;
  /** Share of the leads in so far that were dialled by the period's end; null without leads. */
  penetration: number | null;
}

/** The figures per period, in order, of the rows given (one source's or all), with the penetration to date. */
export function pointsOf(
  rows: readonly SourcePeriodRow[],
  before: readonly SourceBefore[] = [],
): SourcePoint[] {
  const by = new Map<string, SourcePeriodRow[]>();
  for (const r of rows) by.set(r.period, [...(by.get(r.period) ?? []), r]);
  let leads = before.reduce((t, b) => t + b.leads, 0);
  let dialled = before.reduce((t, b) => t + b.first_dials, 0);
  return [...by.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([period, rs]) => {
      const f = sourceFiguresOf(rs);
      leads += f.leads;
      dialled += rs.reduce((t, r) => t + r.first_dials, 0);
      return {
        period,
        dials: f.dials,
        contacts: f.contacts,
        bookings: f.bookings,
        sales: f.sales,
        penetration: share(dialled, leads),
      };
    });
}
