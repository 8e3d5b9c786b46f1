// When the rules were checked, in the agent's language; UTC like the other times of the workspace's tables,
// and to the second because a verdict can change from one minute to the next.
import { formatUtc } from "../../src/sdk";

export const formatCheckedAt = (iso: string, language: string) => formatUtc(iso, language, "medium");
