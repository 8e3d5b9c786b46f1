// The embedded demo receiver: a stand-in for the external e-application system (iApp, iApp 2), so that a send
// works end to end on `npm start` without a carrier's system. It keeps what it received (its own table) and
// serves the "client application page" the agent's new tab opens. A real deployment sets IAPP_URL / IAPP2_URL
// and this receiver is not used.
//
// The page is reached by an unguessable reference (192 random bits), which is its only capability: the new tab
// carries no session. It holds a lead's personal data, so it is never cached and never indexed.
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { type Clock, type Db } from "../../server/sdk";
import type { IappSystem } from "./adapter.server";
import type { IappApplication, IappDestination } from "./contract";
import { iappDemoApplications } from "./tables";

/** Where the demo receiver's client application pages are, on the gateway's own origin. */
export const DEMO_PAGE_PATH = "/iapp-demo/applications";
export const demoPageUrl = (reference: string) => `/api/v1${DEMO_PAGE_PATH}/${reference}`;

export function demoIappSystem(db: Db, clock: Clock, destination: IappDestination): IappSystem {
  return {
    async submit(application, requestKey) {
      const [kept] = await db
        .insert(iappDemoApplications)
        .values({
          requestKey,
          reference: randomBytes(24).toString("base64url"),
          destination,
          application: application as unknown as Record<string, unknown>,
          receivedAt: new Date(clock.now()),
        })
        // The same key again (a retry whose first answer was lost): the first application answers.
        .onConflictDoNothing({ target: iappDemoApplications.requestKey })
        .returning({ reference: iappDemoApplications.reference });
      const reference =
        kept?.reference ??
        (
          await db
            .select({ reference: iappDemoApplications.reference })
            .from(iappDemoApplications)
            .where(eq(iappDemoApplications.requestKey, requestKey))
        )[0]!.reference;
      return { reference, url: demoPageUrl(reference) };
    },
  };
}

const TEXTS = {
  en: {
    title: "Client application",
    intro: "The e-application system received this lead. The client's application starts from it.",
    system: "System",
    reference: "Reference",
    received: "Received",
    client: "Client",
    phone: "Phone",
    email: "E-mail",
    address: "Address",
    qualified: "Qualified by",
    sent: "Sent by",
    demo: "Demo receiver of the dialer: a stand-in for the call centre's e-application system.",
  },
  fr: {
    title: "Demande du client",
    intro:
      "Le système de proposition électronique a reçu ce prospect. La demande du client part de ces données.",
    system: "Système",
    reference: "Référence",
    received: "Reçu le",
    client: "Client",
    phone: "Téléphone",
    email: "Courriel",
    address: "Adresse",
    qualified: "Qualifié par",
    sent: "Envoyé par",
    demo: "Récepteur de démonstration du composeur : il remplace le système de proposition électronique du centre d'appels.",
  },
  es: {
    title: "Solicitud del cliente",
    intro:
      "El sistema de solicitud electrónica recibió este prospecto. La solicitud del cliente parte de estos datos.",
    system: "Sistema",
    reference: "Referencia",
    received: "Recibido",
    client: "Cliente",
    phone: "Teléfono",
    email: "Correo electrónico",
    address: "Dirección",
    qualified: "Calificado por",
    sent: "Enviado por",
    demo: "Receptor de demostración del marcador: sustituye al sistema de solicitud electrónica del centro de llamadas.",
  },
} as const;

const SYSTEM_NAMES: Record<IappDestination, string> = { iapp: "iApp", iapp2: "iApp 2" };

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );

/** The client application page of a received application, or null for an unknown reference. */
export async function demoApplicationPage(db: Db, reference: string): Promise<string | null> {
  const [row] = await db
    .select()
    .from(iappDemoApplications)
    .where(eq(iappDemoApplications.reference, reference));
  if (!row) return null;
  const app = row.application as unknown as IappApplication;
  const language =
    (Object.keys(TEXTS) as (keyof typeof TEXTS)[]).find((l) => l === app.sent_by.language) ?? "en";
  const t = TEXTS[language];
  const lead = app.lead;
  const address = [lead.address, lead.city, lead.state?.toUpperCase(), lead.postal]
    .filter(Boolean)
    .join(", ");
  const rows: [string, string][] = [
    [t.system, SYSTEM_NAMES[row.destination as IappDestination] ?? row.destination],
    [t.reference, row.reference.slice(0, 8).toUpperCase()],
    [t.received, row.receivedAt.toISOString().replace("T", " ").slice(0, 16) + " UTC"],
    [t.client, `${lead.first_name} ${lead.last_name}`.trim()],
    [t.phone, lead.phone],
    [t.email, lead.email],
    [t.address, address],
    [t.qualified, app.qualified_by.name],
    [t.sent, app.sent_by.name],
  ];
  const list = rows
    .filter(([, value]) => value !== "")
    .map(([term, value]) => `<dt>${escapeHtml(term)}</dt><dd>${escapeHtml(value)}</dd>`)
    .join("");
  return (
    `<!doctype html><html lang="${language}"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">` +
    `<title>${escapeHtml(t.title)} · ${escapeHtml(app.call_centre)}</title></head><body>` +
    `<main><h1>${escapeHtml(t.title)}</h1><p>${escapeHtml(t.intro)}</p><dl>${list}</dl>` +
    `<p><small>${escapeHtml(t.demo)}</small></p></main></body></html>`
  );
}
