// Validation against the pinned ARI facts. Requests: which operation a method+path names and whether its
// parameters are acceptable, answered with Asterisk's status codes (404 unknown resource, 405 wrong method,
// 400 missing or out-of-range parameter). Events: every event the fake sends must match events.json, the way
// Asterisk's own ari_model_validators check them, so a bug in the fake fails a test instead of teaching the
// driver a wrong event shape.
import { ARI_FACTS, type AriModel, type AriOperation, type AriParam } from "./facts";

export interface AriError {
  status: number;
  message: string;
}
export interface ValidRequest {
  op: AriOperation;
  /** Path parameters, by the swagger names (channelId, bridgeId…). */
  path: Record<string, string>;
  /** Query parameters merged with the JSON body's top-level fields (Asterisk accepts either). */
  params: Record<string, string>;
  body: unknown;
}
export type RequestCheck = { ok: true; request: ValidRequest } | ({ ok: false } & AriError);

type Query = Record<string, string | string[] | undefined>;

const splitPath = (p: string) => p.split("/").filter((s) => s.length > 0);
const templates = ARI_FACTS.operations.map((op) => ({ op, segments: splitPath(op.path) }));

/** Matches `/channels/abc/dial` (no `/ari` prefix) against the swagger paths; literal segments win over `{x}`. */
function matchPath(path: string): { op: AriOperation; path: Record<string, string> }[] {
  const segs = splitPath(path).map((s) => decodeURIComponent(s));
  const hits: { op: AriOperation; path: Record<string, string>; literals: number }[] = [];
  for (const t of templates) {
    if (t.segments.length !== segs.length) continue;
    const vars: Record<string, string> = {};
    let literals = 0;
    let ok = true;
    t.segments.forEach((s, i) => {
      if (s.startsWith("{")) vars[s.slice(1, -1)] = segs[i];
      else if (s === segs[i]) literals++;
      else ok = false;
    });
    if (ok) hits.push({ op: t.op, path: vars, literals });
  }
  // `/channels/create` must win over `/channels/{channelId}`, as Asterisk's handler tree prefers literal children.
  const best = Math.max(-1, ...hits.map((h) => h.literals));
  return hits.filter((h) => h.literals === best);
}

/** Messages Asterisk's handlers give for a missing required parameter, where they differ from the generic one. */
const MISSING_MESSAGES: Record<string, string> = {
  "originate.endpoint": "Endpoint must be specified",
  "originateWithId.endpoint": "Endpoint must be specified",
  "create.endpoint": "Endpoint must be specified",
  "sendDTMF.dtmf": "DTMF is required",
  "snoopChannel.app": "Application name is required",
  "snoopChannelWithId.app": "Application name is required",
  "getChannelVar.variable": "Variable name is required",
  "setChannelVar.variable": "Variable name is required",
};

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

function checkParam(op: AriOperation, p: AriParam, value: string | undefined): AriError | null {
  if (value === undefined || value === "") {
    if (!p.required) return null;
    return { status: 400, message: MISSING_MESSAGES[`${op.nickname}.${p.name}`] ?? `Missing parameter ${p.name}` };
  }
  if ((p.dataType === "int" || p.dataType === "long") && !/^-?\d+$/.test(value)) {
    return { status: 400, message: `Invalid value for ${p.name}: ${value}` };
  }
  const allowed = p.allowableValues;
  if (allowed?.valueType === "LIST" && allowed.values) {
    const values = p.allowMultiple ? value.split(",") : [value];
    const bad = values.find((v) => !allowed.values!.includes(v.trim()));
    if (bad !== undefined) return { status: 400, message: `Invalid value for ${p.name}: ${bad}` };
  }
  if (allowed?.valueType === "RANGE") {
    const n = Number(value);
    if ((allowed.min !== undefined && n < allowed.min) || (allowed.max !== undefined && n > allowed.max)) {
      return { status: 400, message: `Invalid value for ${p.name}: ${value}` };
    }
  }
  return null;
}

/** Names the operation for `method path` and checks its parameters, or answers as Asterisk would. */
export function validateRequest(method: string, path: string, query: Query, body: unknown): RequestCheck {
  const matches = matchPath(path);
  if (matches.length === 0) return { ok: false, status: 404, message: "Resource not found" };
  const hit = matches.find((m) => m.op.method === method.toUpperCase());
  if (!hit) return { ok: false, status: 405, message: "Invalid method" };
  const fromBody =
    body !== null && typeof body === "object" && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  const params: Record<string, string> = {};
  for (const p of hit.op.parameters) {
    if (p.paramType === "path") {
      const err = checkParam(hit.op, p, hit.path[p.name]);
      if (err) return { ok: false, ...err };
      continue;
    }
    if (p.paramType !== "query") continue;
    let value = first(query[p.name]);
    const b = fromBody[p.name];
    if (value === undefined && (typeof b === "string" || typeof b === "number" || typeof b === "boolean")) value = String(b);
    const err = checkParam(hit.op, p, value);
    if (err) return { ok: false, ...err };
    if (value !== undefined) params[p.name] = value;
  }
  return { ok: true, request: { op: hit.op, path: hit.path, params, body } };
}

// ------------------------------------------------------------------ events

const models = ARI_FACTS.models;
const EVENT_TYPES = new Set(models.Event.subTypes ?? []);
/** Asterisk prints `2026-01-05T14:00:00.000+0000` (AST_ISO8601_FORMAT). */
const ISO_DATE = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}[+-]\d{4}$/;

export class AriEventError extends Error {}

/** The properties a model has, its base models' included (Event → Message). */
function allProperties(name: string): AriModel["properties"] {
  const bases = Object.entries(models).filter(([, m]) => m.subTypes?.includes(name)).map(([id]) => id);
  return Object.assign({}, ...bases.map(allProperties), models[name].properties);
}

function checkValue(type: string, value: unknown, where: string, allowed?: string[]): void {
  const fail = (why: string) => {
    throw new AriEventError(`${where}: ${why} (${JSON.stringify(value)})`);
  };
  const list = /^List\[(.+)\]$/.exec(type);
  if (list) {
    if (!Array.isArray(value)) fail(`expected ${type}`);
    (value as unknown[]).forEach((v, i) => checkValue(list[1], v, `${where}[${i}]`));
    return;
  }
  switch (type) {
    case "string":
      if (typeof value !== "string") fail("expected string");
      if (allowed && !allowed.includes(value as string)) fail(`not one of ${allowed.join("|")}`);
      return;
    case "int":
    case "long":
      if (typeof value !== "number" || !Number.isInteger(value)) fail(`expected ${type}`);
      return;
    case "double":
      if (typeof value !== "number") fail("expected double");
      return;
    case "boolean":
      if (typeof value !== "boolean") fail("expected boolean");
      return;
    case "Date":
      if (typeof value !== "string" || !ISO_DATE.test(value)) fail("expected an Asterisk ISO 8601 date");
      return;
    case "object":
      if (value === null || typeof value !== "object" || Array.isArray(value)) fail("expected object");
      return;
  }
  if (!models[type]) fail(`unknown type ${type}`);
  checkModel(type, value, where);
}

function checkModel(name: string, value: unknown, where: string): void {
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    throw new AriEventError(`${where}: expected ${name} object`);
  }
  const props = allProperties(name);
  const obj = value as Record<string, unknown>;
  for (const [prop, spec] of Object.entries(props)) {
    if (obj[prop] === undefined) {
      if (spec.required) throw new AriEventError(`${where}.${prop}: required by ${name}, missing`);
      continue;
    }
    checkValue(spec.type, obj[prop], `${where}.${prop}`, spec.allowableValues?.values);
  }
  // Asterisk's validators reject undocumented fields too ("has undocumented field").
  for (const prop of Object.keys(obj)) {
    if (!(prop in props)) throw new AriEventError(`${where}.${prop}: undocumented field of ${name}`);
  }
}

/** Throws AriEventError when `event` is not a well-formed ARI event of its `type`. */
export function validateEvent(event: unknown): void {
  const type = (event as { type?: unknown } | null)?.type;
  if (typeof type !== "string" || !EVENT_TYPES.has(type)) {
    throw new AriEventError(`event: unknown type ${JSON.stringify(type)}`);
  }
  checkModel(type, event, type);
}

/** Validates any ARI model (a REST response body, e.g. Channel) the same way. */
export function validateModel(name: string, value: unknown): void {
  checkModel(name, value, name);
}
