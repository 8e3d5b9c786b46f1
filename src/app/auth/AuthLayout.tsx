import { Card, Elevation, H1 } from "@blueprintjs/core";
import { Outlet } from "react-router-dom";
import { useTranslation } from "react-i18next";

/** The frame of the three sign-in pages: the product's name above one card. */
export function AuthLayout() {
  const { t } = useTranslation();
  return (
    <main className="isi-auth">
      <Card elevation={Elevation.TWO} className="isi-auth__card">
        <div className="isi-auth__brand">
          <img src={t("app.logo")} alt="" width={40} height={40} />
          <H1 className="isi-auth__product">{t("app.name")}</H1>
        </div>
        <Outlet />
      </Card>
    </main>
  );
}
