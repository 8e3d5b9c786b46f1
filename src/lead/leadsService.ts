// The browser's side of the leads stack (LeadsControl, agent-workspace §3 Leads stack, §4 Lead and address,
// §7 GET/PUT /leads/{id}): opens leads from the gateway, saves their edited fields, drops a disposed lead
// and opens every call's lead by itself. Refusals reject with an Error whose message is already translated.
import type { AxiosInstance } from "axios";
import type { TFunction } from "i18next";
import { errorBody, httpStatus } from "../api/errors";
import type { CallModel } from "../call/CallModel";
import {
  LeadResponse,
  UpdateLeadBody,
  fromWire,
  leadFieldProblems,
  patchToWire,
  IN_PROCESS,
  type Lead,
  type LeadPatch,
} from "../contract/lead";
import type { Clock } from "../shared/clock";
import type { LeadsControl } from "../core/services";
import { followCalls } from "./followCalls";
import type { LeadModel } from "./LeadModel";
import type { LeadsStack } from "./LeadsStack";

export interface LeadsServiceDeps {
  http: AxiosInstance;
  clock: Clock;
  t: TFunction;
  store: LeadsStack;
  /** The core's call: its lead is opened when a new call starts. */
  call: CallModel;
  log?: (message: string, detail?: unknown) => void;
}

/** LeadsControl with the stack's own lead model (which covers LeadView) and a way to stop. */
export interface LeadsService extends LeadsControl {
  readonly current: LeadModel | null;
  open(leadId: number, opts?: { awaitingDisposition?: boolean }): Promise<LeadModel>;
  dispose(): void;
}

export function createLeadsService(d: LeadsServiceDeps): LeadsService {
  const { http, store, t } = d;
  const log = d.log ?? (() => {});
  /** One request per lead at a time: a second open waits for the first. */
  const loading = new Map<number, Promise<Lead>>();
  /** The newest open wins `current`, whatever order the answers come back in. */
  let latest = 0;

  /** The gateway's first field error, else its message, else ours. */
  const messageOf = (e: unknown, key: string, fallback: string) => {
    const body = errorBody(e);
    const said = (body?.errors && Object.values(body.errors)[0]?.[0]) ?? body?.message;
    if (said) return t(said, { defaultValue: said });
    return httpStatus(e) === undefined ? t("calls.network_error") : t(key, { defaultValue: fallback });
  };

  const load = (leadId: number) => {
    let p = loading.get(leadId);
    if (!p) {
      p = http
        .get(`/leads/${leadId}`)
        .then(({ data }) => fromWire(LeadResponse.parse(data).data))
        .finally(() => loading.delete(leadId));
      loading.set(leadId, p);
    }
    return p;
  };

  async function open(leadId: number, opts: { awaitingDisposition?: boolean } = {}): Promise<LeadModel> {
    const turn = ++latest;
    let lead;
    try {
      lead = await load(leadId);
    } catch (e) {
      throw new Error(messageOf(e, "leads.open_failed", "Could not open the lead."), { cause: e });
    }
    return store.put(lead, { awaiting: opts.awaitingDisposition, makeCurrent: turn === latest });
  }

  async function persist(
    leadId: number,
    fields: Record<string, unknown>,
    opts: { overrideStatus?: boolean } = {},
  ) {
    const { body, unknown } = patchToWire(fields);
    // A key the lead has no field for is a plugin's mistake: say so instead of dropping it.
    if (unknown.length) throw new Error(`Unknown lead fields: ${unknown.join(", ")}`);
    if (opts.overrideStatus) body.override_status = true;
    const parsed = UpdateLeadBody.safeParse(body);
    const lead = store.leads.get(leadId);
    const problems = parsed.success
      ? Object.values(leadFieldProblems(parsed.data, { country: lead?.country, nowMs: d.clock.now() }))
      : [parsed.error.issues.map((i) => i.message)];
    if (problems.length) {
      const message = problems[0]![0]!;
      throw new Error(t(message, { defaultValue: message }));
    }
    try {
      await http.put(`/leads/${leadId}`, parsed.data);
    } catch (e) {
      lead?.markPersisted(false);
      throw new Error(messageOf(e, "leads.save_failed", "Could not save the lead."), { cause: e });
    }
    if (!lead) return;
    lead.applyPatch(fields as LeadPatch);
    if (opts.overrideStatus) lead.setStatus(IN_PROCESS);
    lead.markPersisted(true);
  }

  const stop = followCalls(d.call, {
    open: (leadId) => open(leadId, { awaitingDisposition: true }),
    release: (leadId) => store.release(leadId),
    log,
  });

  return {
    get current() {
      return store.current;
    },
    get leadIds() {
      return store.leadIds;
    },
    get awaitingDisposition() {
      return store.awaitingDisposition;
    },
    open,
    async refresh(leadId) {
      if (!store.leadIds.includes(leadId)) return;
      let lead;
      try {
        lead = await load(leadId);
      } catch (e) {
        throw new Error(messageOf(e, "leads.open_failed", "Could not open the lead."), { cause: e });
      }
      store.refreshed(lead);
    },
    persist,
    disposed(leadId, status) {
      store.leads.get(leadId)?.setStatus(status);
      store.remove(leadId);
    },
    select(leadId) {
      store.select(leadId);
    },
    async callLinked(fromLeadId, toLeadId) {
      // The new lead first: if it cannot be loaded, the desk keeps the lead it has.
      const lead = await open(toLeadId, { awaitingDisposition: true });
      if (fromLeadId !== toLeadId) store.remove(fromLeadId);
      store.select(toLeadId);
      return lead;
    },
    dispose: stop,
  };
}
