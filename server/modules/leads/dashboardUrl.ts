// A lead's link to the call centre's own dashboard, from the tenant's dashboard-url template (the `dialer`
// settings document): used by the follow-ups list (dialer) and the last dials (calls).
type UrlLead = { id: number; marketingId: string; crmId: string | null };

/** Fills {id}, {marketing_id} and {crm_id} of the template; null without a template. */
export function dashboardUrl(template: string, lead: UrlLead): string | null {
  if (!template) return null;
  return template
    .replaceAll("{id}", String(lead.id))
    .replaceAll("{marketing_id}", encodeURIComponent(lead.marketingId))
    .replaceAll("{crm_id}", encodeURIComponent(lead.crmId ?? ""));
}
