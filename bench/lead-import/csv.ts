// The bench's lead list: N rows of a lead seller's CSV written as a stream to a file (never held whole), with what
// the import should make of them. Each row is a lead of one of PLACES: marketing id BNL0000001…, names, a distinct
// number of the state's area code (exchanges 300–900 without 555, the last four digits varying), an e-mail, a date
// of birth, English or Spanish, a street, the city and a real ZIP of the state in the zone of PLACES (server/geo's
// postal table), the state. Every 1,000th row has a quoted first name with a comma in it (valid). A few rows are
// wrong on purpose, so the import's other paths run too:
//  - a phone that is no North American number (every 20,000th row) and a ZIP of another state (every 20,000th,
//    offset): invalid;
//  - a quote in the middle of a value (every 100,000th): a row csv-parse refuses (its whole 1 MB parse batch is
//    then read again row by row): invalid;
//  - the number of a row 1,000 rows earlier (every 25,000th: in an earlier batch of the job) or 9 rows earlier
//    (every 25,000th, offset: same batch), and the marketing id of a row 5 earlier (every 100,000th): duplicate in
//    the file;
//  - the number of a seeded lead of the book (every 100,000th): duplicate in the book.
// Run alone it writes a file and prints its counts: npx tsx bench/lead-import/csv.ts ROWS FILE
import { createWriteStream } from "node:fs";
import { once } from "node:events";
import { fileURLToPath } from "node:url";
import { postalRowsOf } from "../../server/geo/index";
import { PLACES, PREFIX, seededPhone } from "./world";

export const HEADER =
  "Marketing ID,First Name,Last Name,Phone,Email,Date of Birth,Language,Street,City,ZIP,State";

const FIRST = [
  "James",
  "Mary",
  "Robert",
  "Patricia",
  "John",
  "Jennifer",
  "Michael",
  "Linda",
  "David",
  "Elizabeth",
  "William",
  "Barbara",
  "Richard",
  "Susan",
  "Joseph",
  "Jessica",
  "Thomas",
  "Sarah",
  "Charles",
  "Karen",
  "Carlos",
  "Maria",
  "Jose",
  "Rosa",
  "Luis",
  "Ana",
  "Daniel",
  "Nancy",
  "Matthew",
  "Lisa",
  "Anthony",
  "Betty",
  "Mark",
  "Margaret",
  "Donald",
  "Sandra",
  "Steven",
  "Ashley",
  "Paul",
  "Dorothy",
];
const LAST = [
  "Smith",
  "Johnson",
  "Williams",
  "Brown",
  "Jones",
  "Garcia",
  "Miller",
  "Davis",
  "Rodriguez",
  "Martinez",
  "Hernandez",
  "Lopez",
  "Gonzalez",
  "Wilson",
  "Anderson",
  "Thomas",
  "Taylor",
  "Moore",
  "Jackson",
  "Martin",
  "Lee",
  "Perez",
  "Thompson",
  "White",
  "Harris",
  "Sanchez",
  "Clark",
  "Ramirez",
  "Lewis",
  "Robinson",
  "Walker",
  "Young",
  "Allen",
  "King",
  "Wright",
  "Scott",
  "Torres",
  "Nguyen",
  "Hill",
  "Flores",
];
const STREETS = [
  "Main St",
  "Oak Ave",
  "Maple Dr",
  "Cedar Ln",
  "Park Rd",
  "Elm St",
  "Pine St",
  "Washington Ave",
  "Lake Rd",
  "Hill St",
  "2nd St",
  "Sunset Blvd",
];

/** A few real ZIPs of each place's state, in the place's zone (its calling window is open at the bench clock). */
function zipsOf(state: string, timezone: string, k = 24): { zip: string; city: string }[] {
  const rows = postalRowsOf(state).filter(([, r]) => r.c === "US" && r.iana === timezone);
  if (rows.length === 0) throw new Error(`no ZIP of ${state} in ${timezone} in server/geo's postal table`);
  const step = Math.max(1, Math.floor(rows.length / k));
  const out: { zip: string; city: string }[] = [];
  for (let i = 0; i < rows.length && out.length < k; i += step)
    out.push({ zip: rows[i]![0], city: rows[i]![1].city });
  return out;
}

export type Special =
  "bad_phone" | "zip_state" | "bad_quote" | "dup_phone_far" | "dup_phone_near" | "dup_id" | "dup_book" | null;

/** What row n (0-based) is, on purpose. */
export function specialOf(n: number): Special {
  if (n % 20_000 === 19_999) return "bad_phone";
  if (n % 20_000 === 9_999) return "zip_state";
  if (n % 100_000 === 70_001) return "bad_quote";
  if (n % 25_000 === 12_345) return "dup_phone_far";
  if (n % 25_000 === 20_500) return "dup_phone_near";
  if (n % 100_000 === 80_000) return "dup_id";
  if (n % 100_000 === 50_000) return "dup_book";
  return null;
}

/** Row n's own number: area code of its place, exchange 300–900 (555 skipped), last four digits spread. */
export function phoneOf(n: number): string {
  const area = PLACES[n % PLACES.length]![2];
  const q = Math.floor(n / PLACES.length);
  let exchange = 300 + (q % 600);
  if (exchange >= 555) exchange++;
  const line = (Math.floor(q / 600) * 7919) % 10_000; // 7919 is prime to 10,000: distinct for 72 million rows
  return `${area}${exchange}${String(line).padStart(4, "0")}`;
}

export const marketingIdOf = (n: number) => `${PREFIX}${String(n + 1).padStart(7, "0")}`;

export interface Expected {
  rows: number;
  bytes: number;
  counts: { created: number; invalid: number; duplicate_file: number; duplicate_book: number };
  specials: Record<Exclude<Special, null>, number>;
}

/** Writes the list to `file` as a stream; answers what the dry run and the import should count. */
export async function writeLeadCsv(file: string, rows: number, seededLeads: number): Promise<Expected> {
  const zips = PLACES.map(([state, tz]) => zipsOf(state, tz));
  const out = createWriteStream(file);
  const specials = {
    bad_phone: 0,
    zip_state: 0,
    bad_quote: 0,
    dup_phone_far: 0,
    dup_phone_near: 0,
    dup_id: 0,
    dup_book: 0,
  };
  let bytes = 0;
  const write = async (text: string) => {
    bytes += Buffer.byteLength(text);
    if (!out.write(text)) await once(out, "drain");
  };
  await write(HEADER + "\r\n");
  let chunk: string[] = [];
  for (let n = 0; n < rows; n++) {
    const p = n % PLACES.length;
    const [state] = PLACES[p]!;
    const place = zips[p]![Math.floor(n / PLACES.length) % zips[p]!.length]!;
    let first = FIRST[n % FIRST.length]!;
    const last = LAST[Math.floor(n / FIRST.length) % LAST.length]!;
    let id = marketingIdOf(n);
    let phone = phoneOf(n);
    let zip = place.zip;
    const kind = specialOf(n);
    // A duplicate points at a normal row, else it is a normal row itself.
    const target =
      kind === "dup_phone_far" ? n - 1000 : kind === "dup_phone_near" ? n - 9 : kind === "dup_id" ? n - 5 : n;
    const k = target >= 0 && (target === n || specialOf(target) === null) ? kind : null;
    if (k) specials[k]++;
    if (k === "bad_phone") phone = "555-0142";
    else if (k === "zip_state")
      zip = zips[(p + 6) % PLACES.length]![0]!.zip; // a real ZIP, another state's
    else if (k === "bad_quote") first = 'Jo"hn';
    else if (k === "dup_phone_far" || k === "dup_phone_near") phone = phoneOf(target);
    else if (k === "dup_id") id = marketingIdOf(target);
    else if (k === "dup_book") phone = seededPhone((Math.floor(n / 100_000) * 37) % Math.max(1, seededLeads));
    // Written as people write them: (212) 300-1234, 212-300-1234, 2123001234.
    const shown =
      k === "bad_phone"
        ? phone
        : n % 3 === 0
          ? `(${phone.slice(0, 3)}) ${phone.slice(3, 6)}-${phone.slice(6)}`
          : n % 3 === 1
            ? `${phone.slice(0, 3)}-${phone.slice(3, 6)}-${phone.slice(6)}`
            : phone;
    const email = `${first.toLowerCase().replace(/\W/g, "")}.${last.toLowerCase()}${n}@example.com`;
    if (n % 1000 === 500 && !k) first = `"${first}, Jr."`;
    const dob = `${1940 + (n % 36)}-${String(1 + (n % 12)).padStart(2, "0")}-${String(1 + (n % 28)).padStart(2, "0")}`;
    const language = n % 8 === 3 ? "Spanish" : n % 8 === 5 ? "en-US" : "English";
    const street = `${100 + (n % 9800)} ${STREETS[n % STREETS.length]}`;
    chunk.push(
      `${id},${first},${last},${shown},${email},${dob},${language},${street},${place.city},${zip},${state.toUpperCase()}`,
    );
    if (chunk.length === 2000) {
      await write(chunk.join("\r\n") + "\r\n");
      chunk = [];
    }
  }
  if (chunk.length) await write(chunk.join("\r\n") + "\r\n");
  out.end();
  await once(out, "finish");
  const invalid = specials.bad_phone + specials.zip_state + specials.bad_quote;
  const duplicateFile = specials.dup_phone_far + specials.dup_phone_near + specials.dup_id;
  const duplicateBook = specials.dup_book;
  return {
    rows,
    bytes,
    counts: {
      created: rows - invalid - duplicateFile - duplicateBook,
      invalid,
      duplicate_file: duplicateFile,
      duplicate_book: duplicateBook,
    },
    specials,
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const rows = Number(process.argv[2] ?? 1000);
  const file = process.argv[3] ?? "/tmp/lead-import-sample.csv";
  const t = performance.now();
  const e = await writeLeadCsv(file, rows, 10_000);
  console.log(JSON.stringify({ file, ms: Math.round(performance.now() - t), ...e }, null, 2));
}
