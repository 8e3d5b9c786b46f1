// The embedded demo e-app's start page (server.ts), in the three languages of the dialer. A plain page with no
// script: it only tells the advisor the button worked and what a real deployment configures.
const TEXTS = {
  en: {
    title: "Foresters E-App",
    intro: "The health insurance e-application starts here for this lead.",
    reference: "Lead reference",
    demo: "Demonstration page of the dialer: the call centre sets its carrier's e-app address in the variant's config (health-eapp url).",
  },
  fr: {
    title: "E-App Foresters",
    intro: "La proposition électronique d'assurance santé commence ici pour ce prospect.",
    reference: "Référence du prospect",
    demo: "Page de démonstration du composeur : le centre d'appels définit l'adresse de la proposition électronique de son assureur dans la configuration de la variante (health-eapp url).",
  },
  es: {
    title: "E-App de Foresters",
    intro: "La solicitud electrónica de seguro de salud comienza aquí para este prospecto.",
    reference: "Referencia del prospecto",
    demo: "Página de demostración del marcador: el centro de llamadas define la dirección de la solicitud electrónica de su aseguradora en la configuración de la variante (health-eapp url).",
  },
} as const;
export type PageLanguage = keyof typeof TEXTS;

/** The first of the tab's preferred languages the page speaks, else English. */
export function pageLanguage(acceptLanguage: string | undefined): PageLanguage {
  const preferred = (acceptLanguage ?? "")
    .split(",")
    .map((part) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      return { lang: tag.slice(0, 2).toLowerCase(), q: q ? Number(q.slice(2)) || 0 : 1 };
    })
    .filter((p) => p.q > 0)
    .sort((a, b) => b.q - a.q);
  return (preferred.find((p) => p.lang in TEXTS)?.lang as PageLanguage | undefined) ?? "en";
}

/** The page for a lead reference (digits only: the route's schema checked it, so nothing needs escaping). */
export function demoEappPage(reference: string, language: PageLanguage): string {
  const t = TEXTS[language];
  return (
    `<!doctype html><html lang="${language}"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">` +
    `<title>${t.title}</title></head><body>` +
    `<main><h1>${t.title}</h1><p>${t.intro}</p><dl><dt>${t.reference}</dt><dd>${reference}</dd></dl>` +
    `<p><small>${t.demo}</small></p></main></body></html>`
  );
}
