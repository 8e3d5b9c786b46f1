// A lead's link to the call centre's own dashboard, from the tenant's dashboard-url template (the `dialer`
// settings document): used by the follow-ups list (dialer) and the last dials (calls).
import { safeHref } from "../../../src/contract/links";

type UrlLead = { id: number; marketingId: string; crmId: string | null };

/**
 * Fills {id}, {marketing_id} and {crm_id} of the template; null without a template, or when the template or the
 * address it makes is not a link the browser may follow (src/contract/links.ts: a template saved before the
 * settings refused such links, or written to the database by hand, gives no link rather than a script).
 */
export function dashboardUrl(template: string, lead: UrlLead): string | null {
  if (!safeHref(template)) return null;
  const url = template
    .replaceAll("{id}", String(lead.id))
    .replaceAll("{marketing_id}", encodeURIComponent(lead.marketingId))
    .replaceAll("{crm_id}", encodeURIComponent(lead.crmId ?? ""));
  return safeHref(url) ?? null;
}
