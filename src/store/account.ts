import { applySnapshot, types, type Instance, type SnapshotIn } from "mobx-state-tree";
import type { LoginResponse } from "../contract/auth";

export const Acl = types.model("Acl", {
  roles: types.array(types.string),
  permissions: types.array(types.string),
});

const AccountUser = types.model("AccountUser", {
  id: 0,
  tenantId: 0,
  email: "",
  firstName: "",
  lastName: "",
});

/** The signed-in agent (agent-workspace §3 "account state"). `acl` is null while nobody is signed in. */
export const Account = types
  .model("Account", {
    acl: types.maybeNull(Acl),
    id: 0,
    tenantId: 0,
    deactivated: false,
    inboundOnly: false,
    isExternal: false,
    extension: types.maybeNull(types.string),
    hasWebRtc: false,
    autoAnswer: false,
    autoAnswerTime: 0,
    loggedIn: false,
    loggingIn: false,
    tokens: types.optional(types.model("Tokens", { accessToken: "" }), {}),
    user: types.optional(AccountUser, {}),
    /**
     * The sign-in response's fields the core does not model, as they came (by their wire names): plugins read the
     * ones they need through their own schema (`defineAgentFlags`, `ctx.agent.flags(def)`).
     */
    accountFields: types.frozen<Readonly<Record<string, unknown>>>({}),
  })
  .views((self) => ({
    get signedIn(): boolean {
      return self.loggedIn && self.acl !== null;
    },
    get accessToken(): string | null {
      return self.tokens.accessToken || null;
    },
    get fullName(): string {
      return `${self.user.firstName} ${self.user.lastName}`.trim();
    },
  }))
  .actions((self) => ({
    setLoggingIn(value: boolean) {
      self.loggingIn = value;
    },
    setAccessToken(token: string) {
      self.tokens.accessToken = token;
    },
    signIn(response: LoginResponse, accessToken = response.access_token) {
      applySnapshot(self, accountFromLogin(response, accessToken));
    },
    signOut() {
      applySnapshot(self, {});
    },
    /** A manager toggled calling for this agent (pushed over the socket). */
    setDeactivated(on: boolean) {
      self.deactivated = on;
    },
  }));

export type Account = Instance<typeof Account>;
export type AccountSnapshot = SnapshotIn<typeof Account>;

/**
 * The sign-in response's fields the core models itself (the account state above, the UI language); the others are
 * kept as they came, for plugins.
 */
const CORE_FIELDS: ReadonlySet<string> = new Set([
  "access_token",
  "auto_answer",
  "auto_answer_time",
  "id",
  "tenant_id",
  "deactivated",
  "email",
  "extension",
  "has_webrtc",
  "first_name",
  "last_name",
  "language",
  "roles",
  "inbound_only",
  "is_external",
  "permissions",
] satisfies (keyof LoginResponse)[]);

/** Wire (snake case, deactivated "0"/"1") to account state. */
export function accountFromLogin(r: LoginResponse, accessToken: string): AccountSnapshot {
  return {
    acl: { roles: r.roles, permissions: r.permissions },
    id: r.id,
    tenantId: r.tenant_id,
    deactivated: r.deactivated === "1",
    inboundOnly: r.inbound_only,
    isExternal: r.is_external,
    extension: r.extension,
    hasWebRtc: r.has_webrtc,
    autoAnswer: r.auto_answer,
    autoAnswerTime: r.auto_answer_time,
    loggedIn: true,
    tokens: { accessToken },
    user: { id: r.id, tenantId: r.tenant_id, email: r.email, firstName: r.first_name, lastName: r.last_name },
    accountFields: Object.fromEntries(Object.entries(r).filter(([name]) => !CORE_FIELDS.has(name))),
  };
}
