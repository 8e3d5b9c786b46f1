// The contract's plain constants, in a module without zod: the sign-in page's first download reads these
// (field limits, the API's base path) and loads the zod schemas only when it validates or sends
// (src/app/auth/signInContract.ts). The schemas in auth.ts and common.ts use the same constants.

export const API_BASE = "/api/v1";

/** The longest login (an e-mail address) the sign-in pages accept. */
export const LOGIN_MAX = 100;
/** A new password's length, as the gateway enforces it. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/** The languages the dialer speaks (the zod enum `Language` in common.ts is built from this list). */
export const LANGUAGES = ["en", "fr", "es"] as const;
