// The demo call centres' dialer settings (the `dialer` settings document, GET/PUT /settings/dialer): each has a
// lead dashboard link template, so the user summary's Dashboard column shows a link in the demo. The addresses
// are examples (`.example` is reserved: nothing answers there); a call centre's admin puts its own CRM's in
// General Settings → Dialer. Enforced follow-ups stay off, the default, as the demo's dialer always had them.
import type { DialerSettings } from "../../src/contract/dialer";

export const DEMO_DIALER_SETTINGS: Record<number, DialerSettings> = {
  // ISIUS (US): by the lead's id.
  1: { "enforced-follow-ups": false, "dashboard-url": "https://dashboard.isius.example/leads/{id}" },
  // SLICA (Canada): by the lead's marketing id, its own dashboard's key.
  2: { "enforced-follow-ups": false, "dashboard-url": "https://dashboard.slica.example/leads/{marketing_id}" },
};
