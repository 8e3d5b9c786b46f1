// Values a request may name that are not a call centre's alone (docs/decisions.md "Tenant boundaries"). One
// installation serves several call centres over one PBX: a dialled number and an extension are the PBX's, so
// each belongs to at most one call centre, and a second call centre's claim is refused with 409 and a message
// that does not say who holds it. A marketing-id prefix names a publisher's leads: each call centre has its
// own (two may buy from the same publisher), and every lookup by prefix is scoped to the call centre.

export type SharedNameKind = "number" | "extension" | "prefix";

/** Who owns a value of each kind: one call centre of the whole installation, or each call centre its own. */
export const SHARED_NAME_SCOPE: Record<SharedNameKind, "installation" | "call-centre"> = {
  number: "installation",
  extension: "installation",
  prefix: "call-centre",
};

/** 409 texts: they name neither the other call centre nor anything of it. */
export const OWNERSHIP_MESSAGES = {
  numberTaken: "This number belongs to another call centre.",
  extensionTaken: "This extension belongs to another call centre.",
} as const;
