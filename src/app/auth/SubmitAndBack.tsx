import { Button } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";

/** The foot of the password screens: the submit button (off while submitting) and the way back to login. */
export function SubmitAndBack({ label, submitting = false }: { label: string; submitting?: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <Button type="submit" intent="primary" size="large" fill disabled={submitting}>
        {label}
      </Button>
      <p className="isi-auth__aside">
        <Link to="/auth/login">{t("accounts.back_to_login")}</Link>
      </p>
    </>
  );
}
