// The lead lists' effects: the page's reads (the lists, the recent imports, the campaigns), a manager's import step
// by step (the upload with its progress, the mapping checked by a dry run, the job started or cancelled, the
// refused rows downloaded), the import's progress followed by push and by a poll every 2 s while the page shows an
// import under way (a push may be missed), and the lists' actions (pause, resume, reset dial counts, remove the
// undialled leads). The lists are read again when an import ends.
import { listLeadCampaigns } from "../../src/contract/leadBook";
import { callEndpoint, reconnected, watching, type ClockTimer, type PluginContext, type Refusal } from "../../src/sdk";
import type { LeadListsApi } from "./api";
import {
  cancelLeadImport,
  checkLeadImport,
  leadImportChanged,
  pauseLeadList,
  readLeadImport,
  readLeadImports,
  readLeadLists,
  removeUndialledLeads,
  resetLeadListDials,
  startLeadImport,
  type LeadImport,
} from "./contract";
import { hasEnded, isActive, type LeadListsStore } from "./model";
import { downloadRefusedRows, uploadFile } from "./upload";

/** The poll of an import under way. */
export const POLL_MS = 2000;

export function createLeadListsService(ctx: PluginContext<LeadListsStore>): LeadListsApi {
  const { store, clock } = ctx;
  let timer: ClockTimer | null = null;
  let disposed = false;

  /** A refusal in the manager's words (the gateway's are English): no answer, gone, or failed. */
  const words = (r: Refusal) =>
    r.status === null ? ctx.t("errors.network") : r.status === 404 ? ctx.t("errors.not_found") : ctx.t("errors.failed");

  async function loadLists() {
    store.listsLoading();
    const r = await callEndpoint(ctx, readLeadLists, {});
    if (r.ok) store.listsLoaded(r.data.data);
    else store.listsFailed();
  }

  async function loadImports() {
    store.importsLoading();
    const r = await callEndpoint(ctx, readLeadImports, {});
    if (!r.ok) return store.importsFailed();
    const current = store.current;
    store.importsLoaded(r.data.data);
    const again = current && r.data.data.find((i) => i.id === current.id);
    if (again) changed(again);
    // A reload during an import: the page shows it again, with its progress.
    if (!store.current && store.underWay) store.show(store.underWay, clock.now());
    schedule();
  }

  async function loadCampaigns() {
    const r = await callEndpoint(ctx, listLeadCampaigns, {});
    if (r.ok) store.campaignsLoaded(r.data.data.map(({ id, name, active }) => ({ id, name, active })));
  }

  const load = async () => {
    await Promise.all([loadLists(), loadImports(), loadCampaigns()]);
  };

  /** An import moved: kept, and the lists read again when its job has just ended. */
  function changed(i: LeadImport) {
    const before = store.importOf(i.id);
    store.importChanged(i, clock.now());
    if (hasEnded(i) && before && !hasEnded(before)) void loadLists();
    schedule();
  }

  // Only while the page shows an import under way: one poll chain at most.
  const schedule = () => {
    if (timer || disposed || !watched.active || !store.current || !isActive(store.current.state)) return;
    timer = clock.setTimeout(() => {
      timer = null;
      void poll();
    }, POLL_MS);
  };
  async function poll() {
    const current = store.current;
    if (!current || !isActive(current.state)) return;
    const r = await callEndpoint(ctx, readLeadImport, { params: { id: current.id } });
    if (r.ok) changed(r.data.data);
    else schedule();
  }
  const stop = () => {
    if (timer) clock.clearTimeout(timer);
    timer = null;
  };

  const watched = watching(() => void load(), stop);

  ctx.events.on(leadImportChanged, (i) => changed(i));
  ctx.events.on(reconnected, () => {
    if (watched.active) void load();
  });

  async function refreshCurrent() {
    const current = store.current;
    if (!current) return;
    const r = await callEndpoint(ctx, readLeadImport, { params: { id: current.id } });
    if (r.ok) changed(r.data.data);
  }

  return {
    watch: () => watched.watch(),
    load,
    loadLists,

    async upload(file) {
      store.close();
      store.uploadStarted(file.name, file.size);
      const r = await uploadFile(ctx.http, clock, file, (loaded, total) => store.uploadProgress(loaded, total));
      if (r.ok) return store.show(r.data, clock.now());
      store.uploadFailed(
        r.status === 413
          ? ctx.t("upload.too_large")
          : r.status === 415
            ? ctx.t("upload.not_csv")
            : r.status === 422 && r.message
              ? r.message
              : r.status === null
                ? ctx.t("errors.network")
                : (r.message ?? ctx.t("upload.failed")),
      );
    },

    setField: (column, field) => store.setField(column, field),
    setCampaign: (id) => store.setCampaign(id),
    remap: (on) => store.setRemapping(on),

    async check() {
      const current = store.current;
      if (!current || store.busy) return false;
      store.setBusy("checking");
      store.setActionError(null);
      store.checkRefused([], []);
      try {
        const r = await callEndpoint(ctx, checkLeadImport, {
          params: { id: current.id },
          body: { mapping: store.mapping, campaign_id: store.campaignId },
        });
        if (r.ok) {
          store.show(r.data.data, clock.now());
          schedule();
          return true;
        }
        if (r.status === 422) {
          // The mapping's and the campaign's sentences beside them; any other field's with the mapping's.
          const { mapping = [], campaign_id: campaign = [], ...others } = r.errors;
          const all = [...mapping, ...Object.values(others).flat()];
          store.checkRefused(all.length || campaign.length ? all : [r.message ?? ctx.t("errors.failed")], campaign);
        } else if (r.status === 409) {
          store.setActionError(ctx.t("errors.started"));
          await refreshCurrent();
        } else store.setActionError(words(r));
        return false;
      } finally {
        store.setBusy(null);
      }
    },

    async start() {
      const current = store.current;
      if (!current || store.busy) return false;
      store.setBusy("starting");
      store.setActionError(null);
      try {
        const r = await callEndpoint(ctx, startLeadImport, { params: { id: current.id } });
        if (r.ok) {
          changed(r.data.data);
          return true;
        }
        store.setActionError(r.status === 409 ? ctx.t("errors.not_startable") : words(r));
        if (r.status === 409) await refreshCurrent();
        return false;
      } finally {
        store.setBusy(null);
      }
    },

    async cancel() {
      const current = store.current;
      if (!current || store.busy) return false;
      store.setBusy("cancelling");
      store.setActionError(null);
      try {
        const r = await callEndpoint(ctx, cancelLeadImport, { params: { id: current.id } });
        if (r.ok) {
          changed(r.data.data);
          return true;
        }
        // Ended meanwhile (409): its end is what the page shows.
        if (r.status === 409) await refreshCurrent();
        else store.setActionError(words(r));
        return false;
      } finally {
        store.setBusy(null);
      }
    },

    async open(importId) {
      const kept = store.importOf(importId);
      if (kept) store.show(kept, clock.now());
      const r = await callEndpoint(ctx, readLeadImport, { params: { id: importId } });
      if (r.ok) {
        if (!kept) store.show(r.data.data, clock.now());
        else changed(r.data.data);
      } else if (!kept) ctx.notify.error(words(r));
      schedule();
    },

    close: () => store.close(),

    async downloadRefused() {
      const current = store.current;
      if (!current || store.busy) return;
      store.setBusy("downloading");
      store.setActionError(null);
      const base = current.file_name.replace(/\.(csv|txt|tsv)$/i, "");
      const refused = await downloadRefusedRows(ctx.http, clock, current.id, ctx.t("report.refused_file", { name: base }));
      store.setBusy(null);
      if (refused) store.setActionError(words(refused));
    },

    pace: () => store.pace,

    async setPaused(listId, paused) {
      store.listBusyOn(listId);
      try {
        const r = await callEndpoint(ctx, pauseLeadList, { params: { id: listId }, body: { paused } });
        if (r.ok) {
          store.listChanged(r.data.data);
          ctx.notify.success(ctx.t(paused ? "lists.paused_done" : "lists.resumed_done", { name: r.data.data.name }));
          return true;
        }
        ctx.notify.error(words(r));
        return false;
      } finally {
        store.listBusyOn(null);
      }
    },

    async resetDials(listId) {
      store.listBusyOn(listId);
      try {
        const r = await callEndpoint(ctx, resetLeadListDials, { params: { id: listId } });
        if (!r.ok) {
          ctx.notify.error(words(r));
          return null;
        }
        ctx.notify.success(ctx.t("lists.reset_done", { count: r.data.data.leads, leads: number(r.data.data.leads) }));
        void loadLists();
        return r.data.data.leads;
      } finally {
        store.listBusyOn(null);
      }
    },

    async removeUndialled(listId) {
      store.listBusyOn(listId);
      try {
        const r = await callEndpoint(ctx, removeUndialledLeads, { params: { id: listId } });
        if (!r.ok) {
          ctx.notify.error(words(r));
          return null;
        }
        ctx.notify.success(ctx.t("lists.removed_done", { count: r.data.data.removed, leads: number(r.data.data.removed) }));
        void loadLists();
        return r.data.data.removed;
      } finally {
        store.listBusyOn(null);
      }
    },

    dispose() {
      disposed = true;
      stop();
    },
  };

  function number(n: number) {
    return new Intl.NumberFormat(ctx.language).format(n);
  }
}
