// The lead lists' slice of the store: the call centre's lists, its recent imports, the campaigns an import may go
// to, and the import on the manager's screen — its column mapping being edited, its upload's progress, the
// gateway's refusals, and the successive updates of its job that give its pace (rows per second, time left).
import { types, type Instance } from "mobx-state-tree";
import { LEAD_INTAKE_FIELDS } from "../../src/contract/leadIntake";
import type { ColumnMappingWire, ImportState, LeadImport, LeadList } from "./contract";

export type LeadField = (typeof LEAD_INTAKE_FIELDS)[number];
/** The fields every import must map. */
export const REQUIRED_FIELDS = ["marketing_id", "first_name", "last_name", "phone"] as const satisfies LeadField[];
/** phone_other may take up to this many columns. */
export const MAX_OTHER_PHONES = 5;

/** The dry run or the job is under way: its progress is shown and polled. */
export const ACTIVE_STATES: readonly ImportState[] = ["checking", "queued", "running"];
export const isActive = (state: ImportState) => ACTIVE_STATES.includes(state);
/** The job has ended (a dry run that failed has no list: its mapping is shown again). */
export const hasEnded = (i: LeadImport) =>
  i.state === "done" || i.state === "cancelled" || (i.state === "failed" && i.list_id !== null);

/** How many updates of the job the pace looks back on. */
const PACE_WINDOW_MS = 30_000;

export interface Campaign {
  id: number;
  name: string;
  active: boolean;
}

export interface Sample {
  at: number;
  rows: number;
}

const LoadState = types.optional(types.enumeration(["idle", "loading", "ready", "failed"]), "idle");

/** Column index → lead field, from the wire's field → column(s). */
export function fieldsOf(mapping: ColumnMappingWire, columns: number): (LeadField | null)[] {
  const fields: (LeadField | null)[] = Array.from({ length: columns }, () => null);
  for (const field of LEAD_INTAKE_FIELDS) {
    const at = mapping[field];
    for (const column of at === undefined ? [] : Array.isArray(at) ? at : [at])
      if (column >= 0 && column < columns) fields[column] = field;
  }
  return fields;
}

/** The wire's field → column(s), from column index → lead field. */
export function mappingOf(fields: readonly (LeadField | null)[]): ColumnMappingWire {
  const mapping: ColumnMappingWire = {};
  const others: number[] = [];
  fields.forEach((field, column) => {
    if (field === "phone_other") others.push(column);
    else if (field !== null && mapping[field] === undefined) mapping[field] = column;
  });
  if (others.length > 0) mapping.phone_other = others.slice(0, MAX_OTHER_PHONES);
  return mapping;
}

export const LeadListsModel = types
  .model("LeadLists", {
    lists: types.frozen<LeadList[]>([]),
    listsState: LoadState,
    imports: types.frozen<LeadImport[]>([]),
    importsState: LoadState,
    campaigns: types.frozen<Campaign[]>([]),
    /** The import on screen (null: the file input). */
    current: types.frozen<LeadImport | null>(null),
    /** The mapping being edited: each column's lead field. */
    fields: types.frozen<(LeadField | null)[]>([]),
    campaignId: types.maybeNull(types.number),
    /** The mapping step shown again over a checked import. */
    remapping: false,
    /** The gateway's refusal of the mapping (422), as it said it. */
    mappingErrors: types.frozen<string[]>([]),
    campaignErrors: types.frozen<string[]>([]),
    /** The upload under way: bytes sent of all. */
    uploading: types.frozen<{ fileName: string; loaded: number; total: number } | null>(null),
    uploadError: types.maybeNull(types.string),
    /** What the import on screen waits on. */
    busy: types.maybeNull(types.enumeration(["checking", "starting", "cancelling", "downloading"])),
    /** A refusal of check, start, cancel or the download, in the manager's words. */
    actionError: types.maybeNull(types.string),
    /** The job's successive updates (the clock's time, rows written), for its pace. */
    samples: types.frozen<Sample[]>([]),
    /** The list an action is under way on. */
    listBusy: types.maybeNull(types.number),
  })
  .views((self) => ({
    get mapping(): ColumnMappingWire {
      return mappingOf(self.fields);
    },
    get missingFields(): LeadField[] {
      return REQUIRED_FIELDS.filter((f) => !self.fields.includes(f));
    },
    get otherPhones(): number {
      return self.fields.filter((f) => f === "phone_other").length;
    },
    listOf(id: number | null): LeadList | undefined {
      return id === null ? undefined : self.lists.find((l) => l.id === id);
    },
    importOf(id: number): LeadImport | undefined {
      return self.current?.id === id ? self.current : self.imports.find((i) => i.id === id);
    },
    /** The newest import whose dry run or job is under way. */
    get underWay(): LeadImport | undefined {
      return self.imports.find((i) => isActive(i.state));
    },
    /** Rows per second over the last updates, and the time left at that pace. */
    get pace(): { rowsPerSecond: number; secondsLeft: number | null } | null {
      const current = self.current;
      if (!current || current.state !== "running" || self.samples.length < 2) return null;
      const last = self.samples[self.samples.length - 1]!;
      const first = self.samples.find((s) => s.at >= last.at - PACE_WINDOW_MS && s.at < last.at) ?? self.samples[0]!;
      const seconds = (last.at - first.at) / 1000;
      if (seconds <= 0) return null;
      const rowsPerSecond = Math.max(0, (last.rows - first.rows) / seconds);
      const left = Math.max(0, (current.rows_total ?? last.rows) - current.rows_done);
      return { rowsPerSecond, secondsLeft: rowsPerSecond > 0 ? left / rowsPerSecond : null };
    },
  }))
  .actions((self) => ({
    listsLoading() {
      if (self.listsState !== "ready") self.listsState = "loading";
    },
    listsLoaded(lists: LeadList[]) {
      self.lists = lists;
      self.listsState = "ready";
    },
    listsFailed() {
      // A blip keeps the lists shown.
      if (self.listsState !== "ready") self.listsState = "failed";
    },
    listChanged(list: LeadList) {
      self.lists = self.lists.map((l) => (l.id === list.id ? list : l));
    },
    listBusyOn(id: number | null) {
      self.listBusy = id;
    },
    importsLoading() {
      if (self.importsState !== "ready") self.importsState = "loading";
    },
    importsLoaded(imports: LeadImport[]) {
      self.imports = imports;
      self.importsState = "ready";
    },
    importsFailed() {
      if (self.importsState !== "ready") self.importsState = "failed";
    },
    campaignsLoaded(campaigns: Campaign[]) {
      self.campaigns = campaigns;
    },

    uploadStarted(fileName: string, total: number) {
      self.uploading = { fileName, loaded: 0, total };
      self.uploadError = null;
    },
    uploadProgress(loaded: number, total: number) {
      if (self.uploading) self.uploading = { ...self.uploading, loaded, total: total || self.uploading.total };
    },
    uploadFailed(message: string) {
      self.uploading = null;
      self.uploadError = message;
    },

    /** Shows an import: its mapping as the gateway keeps it, its campaign, its progress from here on. */
    show(i: LeadImport, at: number) {
      self.current = i;
      self.fields = fieldsOf(i.mapping, i.columns.length);
      self.campaignId = i.campaign_id;
      self.remapping = false;
      self.mappingErrors = [];
      self.campaignErrors = [];
      self.uploading = null;
      self.uploadError = null;
      self.actionError = null;
      self.samples = i.state === "running" ? [{ at, rows: i.rows_done }] : [];
      self.imports = [i, ...self.imports.filter((x) => x.id !== i.id)].sort((a, b) => b.id - a.id);
    },
    close() {
      self.current = null;
      self.fields = [];
      self.campaignId = null;
      self.remapping = false;
      self.mappingErrors = [];
      self.campaignErrors = [];
      self.actionError = null;
      self.samples = [];
      self.busy = null;
    },

    /**
     * An import moved (a push, a poll, an answer). A late answer never takes an import back: one that has ended
     * stays ended, and the same step with fewer rows is an older update.
     */
    importChanged(i: LeadImport, at: number) {
      const kept = self.importOf(i.id);
      if (kept && hasEnded(kept) && !hasEnded(i)) return;
      if (kept && kept.state === i.state && i.rows_done < kept.rows_done) return;
      const known = self.imports.some((x) => x.id === i.id);
      self.imports = known ? self.imports.map((x) => (x.id === i.id ? i : x)) : [i, ...self.imports].sort((a, b) => b.id - a.id);
      if (self.current?.id !== i.id) return;
      const before = self.current;
      self.current = i;
      // A dry run failed or was checked again: its mapping stays as edited.
      if (i.state !== "running") self.samples = [];
      else {
        const last = self.samples[self.samples.length - 1];
        if (before.state !== "running" || (last && i.rows_done < last.rows)) self.samples = [{ at, rows: i.rows_done }];
        else if (!last || i.rows_done !== last.rows || at - last.at >= 1000)
          self.samples = [...self.samples.filter((s) => s.at >= at - 2 * PACE_WINDOW_MS), { at, rows: i.rows_done }];
      }
    },

    setField(column: number, field: LeadField | null) {
      const fields = [...self.fields];
      // One column per field, except the other phones (up to five columns).
      if (field !== null && field !== "phone_other")
        fields.forEach((f, c) => {
          if (f === field) fields[c] = null;
        });
      if (field === "phone_other" && fields[column] !== "phone_other" && fields.filter((f) => f === "phone_other").length >= MAX_OTHER_PHONES)
        return;
      fields[column] = field;
      self.fields = fields;
      self.mappingErrors = [];
    },
    setCampaign(id: number | null) {
      self.campaignId = id;
      self.campaignErrors = [];
    },
    setRemapping(on: boolean) {
      self.remapping = on;
    },
    checkRefused(mapping: string[], campaign: string[]) {
      self.mappingErrors = mapping;
      self.campaignErrors = campaign;
    },
    setBusy(busy: "checking" | "starting" | "cancelling" | "downloading" | null) {
      self.busy = busy;
    },
    setActionError(message: string | null) {
      self.actionError = message;
    },
  }));
export type LeadListsStore = Instance<typeof LeadListsModel>;
