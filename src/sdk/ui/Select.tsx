// Blueprint's HTMLSelect titles its caret "Open dropdown" in English whatever the agent's language; this is the
// same select with that title in the agent's language. Plugins use it for every native select.
import { HTMLSelect, type HTMLSelectProps } from "@blueprintjs/core";
import { useSdkTexts } from "./texts";

export function Select({ iconProps, ...props }: HTMLSelectProps) {
  const { t } = useSdkTexts();
  return <HTMLSelect {...props} iconProps={{ title: t("open_dropdown"), ...iconProps }} />;
}
