// Gateway side of the health e-app: the embedded demo e-app's start page, which the Foresters E-App button opens
// until the call centre sets its carrier's address (`config["health-eapp"].url`). The carrier's e-app is an
// external site; this page only stands in for it, so the button works end to end on `npm start`.
//
// The new tab carries no session, so the page shows nothing of the lead but the reference the button passed:
// no name, no phone, nothing personal. Its language follows the tab's Accept-Language.
import { z } from "zod";
import { ErrorBody } from "../../src/contract/common";
import { definePluginServer, defineRoute, type RouteDef } from "../../server/sdk";
import { DEMO_EAPP_PATH } from "./config";
import { demoEappPage, pageLanguage } from "./demoPage.server";

const DemoQuery = z.strictObject({
  /** The lead's id, as the button puts it in the address. */
  ref: z.string().regex(/^\d{1,12}$/, "ref must be the lead's id"),
});

export function healthEappRoutes(): RouteDef[] {
  return [
    defineRoute({
      method: "GET",
      url: DEMO_EAPP_PATH,
      summary:
        "Not in the specification: the embedded demo health e-app's start page (HTML) that the Foresters E-App button opens while the variant sets no carrier address. It shows the reference it was given (the lead's id) and nothing else of the lead; never cached. 422 for a reference that is not a lead id.",
      tags: ["health-eapp"],
      access: { public: true },
      querystring: DemoQuery,
      // An HTML page, not JSON.
      response: { 200: z.unknown(), 422: ErrorBody },
      example: { query: { ref: "31" } },
      async handler({ query, raw }, reply) {
        reply
          .type("text/html; charset=utf-8")
          .header("cache-control", "no-store")
          .header("x-robots-tag", "noindex");
        return reply.send(demoEappPage(query.ref, pageLanguage(raw.headers["accept-language"])));
      },
    }),
  ];
}

export default definePluginServer(() => healthEappRoutes());
