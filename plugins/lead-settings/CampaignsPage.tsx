// The Lead Campaigns page: the call centre's campaigns (id, slug, name, active Yes/No, 'Marketing ID Prefix',
// 'Additional Prefixes'), a 'New lead campaign' button, and on each row Edit and Qualifiers (the campaign's
// qualifiers in the settings kit's relation dialog, with its filter box).
import { Checkbox, FormGroup } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useState } from "react";
import { joinPrefixes, LEAD_NAME_MAX, LEAD_PREFIX_MAX, splitPrefixes, type LeadCampaign } from "../../src/contract/leadBook";
import { usePlugin } from "../../src/sdk";
import { RelationDialog } from "../../src/sdk/settings";
import { FormDialog, TextField } from "./FormDialog";
import { ListFrame, RowAction } from "./ListFrame";
import type { LeadSettingsStore } from "./model";
import type { LeadSettingsService } from "./service";

type Open = { kind: "edit"; campaign: LeadCampaign | null } | { kind: "qualifiers"; campaign: LeadCampaign } | null;

const CampaignsPage = observer(function CampaignsPage() {
  const { store, api, ctx } = usePlugin<LeadSettingsStore, LeadSettingsService>();
  const { t } = ctx;
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  const columns = ["id", "slug", "name", "active", "prefix", "prefixes", "actions"].map((c) => t(`campaigns.columns.${c}`));

  return (
    <ListFrame
      kind="campaigns"
      columns={columns}
      onCreate={() => setOpen({ kind: "edit", campaign: null })}
      dialog={
        open?.kind === "edit" ? (
          <CampaignDialog campaign={open.campaign} onClose={close} />
        ) : open?.kind === "qualifiers" ? (
          <RelationDialog
            title={t("campaigns.qualifiers.title", { name: open.campaign.name })}
            listLabel={t("campaigns.qualifiers.list")}
            emptyText={t("campaigns.qualifiers.none")}
            load={() => api.campaignQualifiers(open.campaign.slug)}
            save={(ids) => api.saveCampaignQualifiers(open.campaign.slug, ids)}
            failure={api.failure}
            onClose={close}
          />
        ) : null
      }
    >
      {store.campaigns.rows.map((c) => (
        <tr key={c.id}>
          <td>{c.id}</td>
          <td>{c.slug}</td>
          <td>{c.name}</td>
          <td>{c.active ? t("yes") : t("no")}</td>
          <td>{c.prefix}</td>
          <td>{joinPrefixes(c.prefixes)}</td>
          <td className="leads__actions">
            <RowAction icon="edit" text={t("edit")} label={t("edit_of", { name: c.name })} onClick={() => setOpen({ kind: "edit", campaign: c })} />
            <RowAction
              icon="people"
              text={t("campaigns.qualifiers.button")}
              label={t("campaigns.qualifiers.title", { name: c.name })}
              onClick={() => setOpen({ kind: "qualifiers", campaign: c })}
            />
          </td>
        </tr>
      ))}
    </ListFrame>
  );
});

function CampaignDialog({ campaign, onClose }: { campaign: LeadCampaign | null; onClose(): void }) {
  const { api, ctx } = usePlugin<LeadSettingsStore, LeadSettingsService>();
  const { t } = ctx;
  const [name, setName] = useState(campaign?.name ?? "");
  const [active, setActive] = useState(campaign?.active ?? true);
  const [prefix, setPrefix] = useState(campaign?.prefix ?? "");
  const [prefixes, setPrefixes] = useState(joinPrefixes(campaign?.prefixes ?? []));
  return (
    <FormDialog
      title={campaign ? t("campaigns.edit_title", { name: campaign.name }) : t("campaigns.create")}
      onClose={onClose}
      onSave={() => api.save("campaigns", campaign?.id ?? null, { name, active, prefix, prefixes: splitPrefixes(prefixes) })}
    >
      {(errors) => (
        <>
          {campaign && <p className="leads__help">{t("campaigns.slug_is", { slug: campaign.slug })}</p>}
          <TextField id="campaign-name" label={t("campaigns.columns.name")} value={name} onChange={setName} error={errors.name} max={LEAD_NAME_MAX} />
          <FormGroup intent={errors.active ? "danger" : "none"} helperText={errors.active}>
            <Checkbox checked={active} label={t("campaigns.columns.active")} onChange={() => setActive((a) => !a)} />
          </FormGroup>
          <TextField
            id="campaign-prefix"
            label={t("campaigns.columns.prefix")}
            value={prefix}
            onChange={setPrefix}
            error={errors.prefix}
            max={LEAD_PREFIX_MAX}
          />
          <TextField
            id="campaign-prefixes"
            label={t("campaigns.columns.prefixes")}
            value={prefixes}
            onChange={setPrefixes}
            error={errors.prefixes}
            hint={t("campaigns.prefixes_hint")}
            max={LEAD_PREFIX_MAX}
          />
        </>
      )}
    </FormDialog>
  );
}

export default CampaignsPage;
