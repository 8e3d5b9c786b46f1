// How the gateway reaches an Asterisk (PBX=asterisk): the ARI address and user, the Stasis application, the
// trunk leads are dialled through and the dialplan context that runs AMD. docs/deploy.md shows the Asterisk
// side of each.
export interface AriConfig {
  /** `http://pbx:8088/ari` or `https://pbx.example:8089/ari`. */
  url: string;
  user: string;
  password: string;
  /** The Stasis application (ari.conf user's events; extensions.conf `Stasis(dialer,…)`). */
  app: string;
  /** The PJSIP endpoint of the carrier: a lead is dialled as `PJSIP/{number}@{trunk}`. */
  trunk: string;
  /** Runs `AMD()` then `Stasis({app},amd,${AMDSTATUS},${AMDCAUSE})` (deploy/asterisk/extensions.conf). */
  amdContext: string;
  /** Music on hold class a held party hears. */
  mohClass: string;
  /** How long an agent's phone rings before its leg ends no-answer. */
  agentRingTimeoutMs: number;
  /** A lead's ring timeout when the originate names none. */
  ringTimeoutMs: number;
  /** How long the agent hears the busy tone after a busy lead before the call ends. */
  busyToneMs: number;
}

export const ARI_DEFAULTS = {
  app: "dialer",
  trunk: "trunk",
  amdContext: "dialer-amd",
  mohClass: "default",
  agentRingTimeoutMs: 30_000,
  ringTimeoutMs: 30_000,
  busyToneMs: 3000,
} as const;
