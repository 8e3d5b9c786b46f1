// The gateway's 422 names fields by the booking's paths (contact.*, coverage.*, meeting.*); each step's form
// names them from inside the step, except Meeting Setup, whose form holds the meeting under `meeting`.
import type { StepKey } from "../model";

export function stepServerErrors(all: Record<string, string[]>, step: StepKey): Record<string, string[]> {
  const prefix = `${step}.`;
  return Object.fromEntries(
    Object.entries(all)
      .filter(([path]) => path.startsWith(prefix))
      .map(([path, messages]) => [step === "meeting" ? path : path.slice(prefix.length), messages]),
  );
}
