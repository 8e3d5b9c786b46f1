import { Callout } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { translate, type Message } from "../../i18n/message";

/** Why the last submit failed, above the fields; role alert so screen readers announce it. */
export function FormFailure({ failure }: { failure: Message | undefined }) {
  const { t } = useTranslation();
  if (!failure) return null;
  return (
    <Callout intent="danger" icon="error" role="alert" className="isi-auth__failure">
      {translate(t, failure)}
    </Callout>
  );
}
