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
    canTransferToSunlife: false,
    canTransferToMatcha: false,
    isIapp2Agent: false,
    isExternal: false,
    extension: types.maybeNull(types.string),
    hasWebRtc: false,
    healthLicenses: types.array(types.string),
    autoAnswer: false,
    autoAnswerTime: 0,
    loggedIn: false,
    loggingIn: false,
    tokens: types.optional(types.model("Tokens", { accessToken: "" }), {}),
    user: types.optional(AccountUser, {}),
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

/** Wire (snake case, deactivated "0"/"1") to account state. */
export function accountFromLogin(r: LoginResponse, accessToken: string): AccountSnapshot {
  return {
    acl: { roles: r.roles, permissions: r.permissions },
    id: r.id,
    tenantId: r.tenant_id,
    deactivated: r.deactivated === "1",
    inboundOnly: r.inbound_only,
    canTransferToSunlife: r.can_transfer_to_sunlife,
    canTransferToMatcha: r.can_transfer_to_matcha,
    isIapp2Agent: r.is_iapp2_agent,
    isExternal: r.is_external,
    extension: r.extension,
    hasWebRtc: r.has_webrtc,
    healthLicenses: r.health_licenses,
    autoAnswer: r.auto_answer,
    autoAnswerTime: r.auto_answer_time,
    loggedIn: true,
    tokens: { accessToken },
    user: { id: r.id, tenantId: r.tenant_id, email: r.email, firstName: r.first_name, lastName: r.last_name },
  };
}
