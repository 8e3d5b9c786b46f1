// The "Call centre" field of a report page: shown only to a manager who may read more than their own centre (an
// operations manager given others, ./contract.ts); everyone else never sees it, nor waits for it.
import { FormGroup } from "@blueprintjs/core";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Select, usePlugin } from "../../../src/sdk";
import { centresClient } from "./client";
import type { ReportCentre } from "./contract";

/** The centres the caller may read, their own first; empty until the gateway answers (or if it cannot). */
export function useCentres(): ReportCentre[] {
  const { ctx } = usePlugin();
  const client = useMemo(() => centresClient(ctx), [ctx]);
  const [centres, setCentres] = useState<ReportCentre[]>([]);
  useEffect(() => {
    let live = true;
    void client.centres().then((r) => live && r.ok && setCentres(r.data.data));
    return () => {
      live = false;
    };
  }, [client]);
  return centres;
}

export function CentreField({
  centre,
  onChange,
}: {
  /** The centre shown; null: the caller's own. */
  centre: number | null;
  /** null for the caller's own centre. */
  onChange: (centre: number | null) => void;
}) {
  const { t } = useTranslation("reports");
  const centres = useCentres();
  if (centres.length < 2) return null;
  const own = centres.find((c) => c.own);
  return (
    <FormGroup label={t("centres.field")} labelFor="reports-centre" className="reports__control">
      <Select
        id="reports-centre"
        value={String(centre ?? own?.id ?? "")}
        onChange={(e) => {
          const id = Number(e.currentTarget.value);
          onChange(id === own?.id ? null : id);
        }}
      >
        {centres.map((c) => (
          <option key={c.id} value={c.id}>
            {c.own ? t("centres.own", { name: c.name }) : c.name}
          </option>
        ))}
      </Select>
    </FormGroup>
  );
}
