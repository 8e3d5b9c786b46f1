// Lead lists (issue 36): how leads come into the call centre and what a manager does with them by the list. A
// manager imports a CSV (its columns mapped to lead fields, a dry run, then a background job with its progress and
// its report), follows each list (dialable, dialled, contacted, booked, exhausted, Do Not Call), pauses or resumes
// it for the dialer, resets its dial counts or removes its undialled leads; publishers post leads with an API key
// a manager creates; managers search, open, edit, reassign and mark Do Not Call any lead. Admin pages under "Leads" for
// managers and above.
import { lazy } from "react";
import { definePlugin } from "../../src/sdk";
import { leadListsApi } from "./api";
import { leadImportChanged } from "./contract";
import { manifest } from "./manifest";
import { LeadListsModel } from "./model";
import { createLeadListsService } from "./service";

type Texts = () => Promise<{ default: object }>;
/** The plugin's texts, with the publishers' page's under "publishers" and the lead search's under "book". */
const texts = (main: Texts, publishers: Texts, book: Texts) => async () => {
  const [m, p, b] = await Promise.all([main(), publishers(), book()]);
  return { default: { ...m.default, publishers: p.default, book: b.default } as Record<string, unknown> };
};

export default definePlugin({
  ...manifest,
  provides: leadListsApi,
  model: LeadListsModel,
  pushes: [leadImportChanged],
  adminPages: [
    {
      path: "leads/search",
      section: "leads",
      title: "book.link",
      order: 5,
      component: lazy(() => import("./book/LeadBookPage")),
    },
    {
      path: "leads/lists",
      section: "leads",
      title: "admin.lists_link",
      order: 10,
      component: lazy(() => import("./LeadListsPage")),
    },
    {
      path: "leads/publishers",
      section: "leads",
      title: "admin.publishers_link",
      order: 20,
      component: lazy(() => import("./publishers/PublishersPage")),
    },
  ],
  locales: {
    en: texts(() => import("./locales/en.json"), () => import("./publishers/locales/en.json"), () => import("./book/locales/en.json")),
    fr: texts(() => import("./locales/fr.json"), () => import("./publishers/locales/fr.json"), () => import("./book/locales/fr.json")),
    es: texts(() => import("./locales/es.json"), () => import("./publishers/locales/es.json"), () => import("./book/locales/es.json")),
  },
  setup: (ctx) => createLeadListsService(ctx),
});
