// Why the compliance gate would refuse the number in a field, in the agent's language (locales "compliance").
import { observer } from "mobx-react-lite";
import { useTranslation } from "react-i18next";
import { usePlugin } from "../../../src/sdk";
import type { SoftphoneApi } from "../api";
import type { ComplianceRefusal, SoftphoneStore } from "../model";

export const Refusal = observer(function Refusal({ field }: { field: ComplianceRefusal["field"] }) {
  const { store } = usePlugin<SoftphoneStore, SoftphoneApi>();
  const { t } = useTranslation("softphone");
  const r = store.refusal;
  if (r?.field !== field) return null;
  return (
    <p role="alert" className="softphone__refusal">
      {t(`compliance.${r.reason}`, { ...r.values, interpolation: { escapeValue: false } })}
    </p>
  );
});
