// What every piece of the wizard's panel reads: the plugin's slice, service and ctx, its texts, and the agent's
// language as the lookup lists name it.
import { useTranslation } from "react-i18next";
import type { Language } from "../../../src/contract/common";
import { usePlugin } from "../../../src/sdk";
import type { BookingConfig } from "../config";
import type { BookingStore } from "../model";
import type { BookingService } from "../service";

export function useBooking() {
  const scope = usePlugin<BookingStore, BookingService>();
  const ctx = scope.ctx as typeof scope.ctx & { config: BookingConfig };
  const { t, i18n } = useTranslation("booking");
  const base = (i18n.language ?? "en").split("-")[0];
  const lang: Language = base === "fr" || base === "es" ? base : "en";
  const role: "advisor" | "qualifier" = ctx.agent.roles.includes("advisor") ? "advisor" : "qualifier";
  return { ...scope, ctx, t, lang, role };
}
