import type { LoginResponse } from "../../../src/contract/auth";
import type { Language } from "../../../src/contract/common";
import { rolesOf } from "../../auth/access";
import type { User } from "../../auth/sessions";

/** The login response / account of agent-workspace §3. */
export function accountOf(user: User, permissions: string[], accessToken: string): LoginResponse {
  return {
    access_token: accessToken,
    auto_answer: user.autoAnswer,
    auto_answer_time: user.autoAnswerTime,
    id: user.id,
    tenant_id: user.tenantId,
    deactivated: user.deactivated ? "1" : "0",
    email: user.email,
    extension: user.extension,
    has_webrtc: user.hasWebrtc,
    first_name: user.firstName,
    last_name: user.lastName,
    language: user.language as Language,
    roles: rolesOf(user.role, user),
    inbound_only: user.inboundOnly,
    can_transfer_to_sunlife: user.canTransferToSunlife,
    is_iapp2_agent: user.isIapp2Agent,
    can_transfer_to_matcha: user.canTransferToMatcha,
    is_external: user.isExternal,
    health_licenses: user.healthLicenses,
    permissions,
  };
}
