// PUT /agents/me/language (not in the specification): the language an account works in, chosen in the user
// menu and kept on the account (users.language), so its next sign-in opens in it wherever it signs in. One of
// its call centre's languages (VARIANT_LANGUAGES): a SLICA desk works in English or French, an ISIUS desk in
// English or Spanish.
import { eq } from "drizzle-orm";
import { z } from "zod";
import { ACCOUNT_LANGUAGE_MESSAGES, AccountLanguageBody } from "../../../src/contract/agents";
import { ErrorBody, VARIANT_LANGUAGES } from "../../../src/contract/common";
import { tenants, users } from "../../db/schema";
import type { Gateway } from "../../gateway";
import { HttpError } from "../../http/errors";
import { defineRoute, type RouteDef } from "../../http/route";

export function accountLanguageRoutes(gw: Gateway): RouteDef[] {
  return [
    defineRoute({
      method: "PUT",
      url: "/agents/me/language",
      summary:
        "Not in the specification: the signed-in account's working language, chosen in the user menu; its next sign-in opens in it (the login answer's language). {language: en | fr | es}, one of the call centre's (SLICA en or fr, ISIUS en or es): 204; another is 422.",
      tags: ["agents"],
      access: {},
      body: AccountLanguageBody,
      response: { 204: z.null(), 422: ErrorBody },
      example: { body: { language: "fr" } },
      async handler({ caller, body }, reply) {
        const [tenant] = await gw.db
          .select({ variant: tenants.variant })
          .from(tenants)
          .where(eq(tenants.id, caller.tenantId))
          .limit(1);
        const offered = VARIANT_LANGUAGES[tenant?.variant === "slica" ? "slica" : "isius"];
        if (!offered.includes(body.language))
          throw new HttpError(422, ACCOUNT_LANGUAGE_MESSAGES.notOffered, { language: [ACCOUNT_LANGUAGE_MESSAGES.notOffered] });
        await gw.db.update(users).set({ language: body.language }).where(eq(users.id, caller.id));
        reply.code(204);
        return null;
      },
    }),
  ];
}
