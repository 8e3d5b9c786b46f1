import { z } from "zod";

/** The variant's config (`config["voicemail-detection"]`); the defaults are the specification's constants (§9). */
export const VoicemailConfig = z.object({
  /** VM_DETECTION_USER_TIMEOUT: seconds the agent has to cancel before the lead is disposed. */
  countdownSeconds: z.number().int().min(1).max(120).default(10),
  /** After an automatic Voicemail: ask for ready (true) or stay in after-call work (false, the spec's default). */
  autoDialAfterVoicemail: z.boolean().default(false),
});
export type VoicemailConfig = z.output<typeof VoicemailConfig>;
