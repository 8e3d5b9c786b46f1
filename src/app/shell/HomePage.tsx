import { H1, NonIdealState } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";

/** The agent workspace; its panel grid arrives with the panel registry. */
export default function HomePage() {
  const { t } = useTranslation();
  return (
    <main className="isi-page" aria-labelledby="workspace-title">
      <H1 id="workspace-title">{t("home.title")}</H1>
      <NonIdealState icon="grid-view" description={t("home.empty")} />
    </main>
  );
}
