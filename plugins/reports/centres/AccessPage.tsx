// Operations managers (issue 37: "operations-managers see every call centre they are given"; admins and above): the
// operations managers of other call centres who read this centre's reports, who gave them and when; Give by e-mail,
// Take back after a confirmation. What the gateway refuses (no such account, not an operations manager, one of this
// centre) is said at the field, in the admin's language.
import { Alert, Button, FormGroup, H1, HTMLTable, InputGroup } from "@blueprintjs/core";
import { useCallback, useEffect, useMemo, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { usePlugin } from "../../../src/sdk";
import { ListState, SaidCallout, type Said } from "../PageState";
import "../reports.css";
import "./centres.css";
import { centresClient } from "./client";
import { CENTRE_MESSAGES, CentreGrantBody, type CentreGrant } from "./contract";

/** The gateway's sentences in the admin's language. */
const MESSAGE_KEYS = new Map<string, string>(
  Object.entries(CENTRE_MESSAGES).map(([k, m]) => [m, `centres.errors.${k}`]),
);

export default function AccessPage() {
  const { ctx } = usePlugin();
  const { t, i18n } = useTranslation("reports");
  const client = useMemo(() => centresClient(ctx), [ctx]);
  const [grants, setGrants] = useState<CentreGrant[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [email, setEmail] = useState("");
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [giving, setGiving] = useState(false);
  const [said, setSaid] = useState<Said | null>(null);
  const [takingBack, setTakingBack] = useState<CentreGrant | null>(null);
  const say = (message: string | undefined) => t(MESSAGE_KEYS.get(message ?? "") ?? "centres.errors.failed");
  const moment = useMemo(
    () => new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" }),
    [i18n.language],
  );

  const load = useCallback(async () => {
    const r = await client.grants();
    setFailed(!r.ok);
    if (r.ok) setGrants(r.data.data);
  }, [client]);
  useEffect(() => void load(), [load]);

  const give = async (e: FormEvent) => {
    e.preventDefault();
    setSaid(null);
    const checked = CentreGrantBody.safeParse({ email });
    if (!checked.success) return setFieldError(say(checked.error.issues[0]?.message));
    setFieldError(null);
    setGiving(true);
    const r = await client.grant(checked.data);
    setGiving(false);
    if (r.ok) {
      const g = r.data.data;
      setEmail("");
      setSaid({ text: t("centres.given", { name: g.name, centre: g.centre }) });
      return void load();
    }
    const message = r.errors?.email?.[0] ?? r.message ?? undefined;
    if (r.status === 404 || r.status === 409 || r.status === 422) setFieldError(say(message));
    else setSaid({ text: say(undefined), danger: true });
  };

  const takeBack = async (g: CentreGrant) => {
    setTakingBack(null);
    const r = await client.revoke(g.user_id);
    setSaid(
      r.ok || r.status === 404
        ? { text: t("centres.taken_back", { name: g.name }) }
        : { text: say(undefined), danger: true },
    );
    await load();
  };

  return (
    <main className="isi-page reports" aria-labelledby="centres-title">
      <header className="reports__head centres__head">
        <H1 id="centres-title">{t("centres.title")}</H1>
      </header>
      <p className="reports__muted centres__intro">{t("centres.intro")}</p>
      <form
        className="reports__controls"
        noValidate
        onSubmit={(e) => void give(e)}
        aria-label={t("centres.give_title")}
      >
        <FormGroup
          label={t("centres.email")}
          labelFor="centres-email"
          className="reports__control centres__email"
          intent={fieldError ? "danger" : "none"}
          helperText={fieldError}
        >
          <InputGroup
            id="centres-email"
            type="email"
            value={email}
            placeholder="name@example.com"
            intent={fieldError ? "danger" : "none"}
            onChange={(e) => setEmail(e.currentTarget.value)}
          />
        </FormGroup>
        <div className="reports__actions">
          <Button type="submit" intent="primary" icon="add" text={t("centres.give")} loading={giving} />
        </div>
      </form>
      <SaidCallout said={said} />
      <ListState
        items={grants}
        failed={failed}
        failedTitle={t("centres.load_failed")}
        onRetry={() => void load()}
        none={t("centres.none")}
      >
        {(grants) => (
          <div className="reports__scroll">
            <HTMLTable compact striped className="reports__table" aria-labelledby="centres-title">
              <thead>
                <tr>
                  {(["name", "email", "centre", "given", "actions"] as const).map((c) => (
                    <th key={c} scope="col">
                      {t(`centres.columns.${c}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {grants.map((g) => (
                  <tr key={g.user_id}>
                    <th scope="row">{g.name}</th>
                    <td>{g.email}</td>
                    <td>{g.centre}</td>
                    <td>
                      {g.granted_by
                        ? t("centres.given_by", {
                            when: moment.format(new Date(g.granted_at)),
                            by: g.granted_by,
                          })
                        : moment.format(new Date(g.granted_at))}
                    </td>
                    <td>
                      <Button
                        size="small"
                        icon="undo"
                        intent="danger"
                        variant="minimal"
                        text={t("centres.take_back")}
                        aria-label={t("centres.take_back_label", { name: g.name })}
                        onClick={() => setTakingBack(g)}
                      />
                    </td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          </div>
        )}
      </ListState>
      <Alert
        isOpen={takingBack !== null}
        intent="danger"
        icon="undo"
        confirmButtonText={t("centres.take_back")}
        cancelButtonText={t("centres.cancel")}
        onCancel={() => setTakingBack(null)}
        onConfirm={() => takingBack && void takeBack(takingBack)}
      >
        {takingBack && t("centres.take_back_confirm", { name: takingBack.name, centre: takingBack.centre })}
      </Alert>
    </main>
  );
}
