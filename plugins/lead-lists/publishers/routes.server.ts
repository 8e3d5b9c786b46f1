// Gateway side of the publishers' lead intake (issue 36, part 1): the managers' API keys, the publishers' post, and
// the call centre's intake setting. Everything a post needs is read from the database on each post (the key by the
// SHA-256 of its header, its revocation, its posts this minute), so every gateway instance answers alike and a
// revoked key is refused at once everywhere. The lead work is the core's (ctx.leads.intake); this file adds the key,
// the rate, the publisher's list and the answer. Nothing here logs a key or a lead's personal data.
//
// Idempotency:
// - POST /publisher-keys runs under ctx.idempotent, which keeps the answer's body for 24 hours. The secret must not
//   be kept anywhere but in the one answer, so the answer kept for a retry (claim.keepIn, committed with the key) is
//   a 409 that names the key and says its secret is gone: a retried create never makes a second key, and never
//   shows (or stores) the secret twice. The first answer, 201 with the secret, is sent and not stored.
// - POST /lead-intake has no session caller. ctx.idempotent keys its records by an account (idempotency_keys.user_id,
//   a reference to users) and the route, so the post runs under the key's creator, with the publisher's
//   Idempotency-Key namespaced by the publisher key's id (`publisher-key:<id>:<sha256 of the header>`): two
//   publishers' keys never meet, and a manager's own requests are other routes. Every answer of the intake (also a
//   refusal) is kept with the transaction that wrote the lead, so a retry answers the first answer and makes one
//   lead. A key whose creator's account is gone posts without a record (a retry is then answered as a duplicate:
//   still one lead). A table of the plugin's own would be cleaner (said in the report).
import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, lt, sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import {
  defineRoute,
  HttpError,
  isUniqueViolation,
  leadCampaigns,
  leads,
  MESSAGES,
  users,
  type Caller,
  type Db,
  type IntakeResult,
  type PluginServerContext,
  type RouteDef,
} from "../../../server/sdk";
import { INTAKE_MESSAGES } from "../../../src/contract/leadIntake";
import {
  leadIntakeSettings,
  leadListMembers,
  leadLists,
  publisherKeyMinutes,
  publisherKeys,
} from "../tables";
import { intakeSettingsOf } from "../intakeSettings.server";
import {
  createPublisherKey,
  EXAMPLE_LEAD,
  KEY_PREFIX,
  KEY_START_LENGTH,
  listPublisherKeys,
  postLead,
  PUBLISHER_MESSAGES as M,
  readIntakeSettings,
  revokePublisherKey,
  saveIntakeSettings,
  type IntakeRefusal,
  type LeadPosted,
  type PublisherKey,
} from "./contract";

const MANAGERS = { roles: ["manager"] } as const;
/** The publishers' post carries a key instead of a session: the route table registers it without authentication. */
const PUBLIC = { public: true } as const;

const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(values[k] ?? ""));
const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
/** What every "may not post this prefix" message starts with (the core's template before its value). */
const PREFIX_NOT_ALLOWED = INTAKE_MESSAGES.prefixNotAllowed.split("{{")[0]!;
/** The core's rule for an Idempotency-Key (server/http/idempotency.ts), checked on the publisher's own header. */
const IDEMPOTENCY_KEY = /^[\x21-\x7E]{1,255}$/;
const IDEMPOTENCY_INVALID = "The Idempotency-Key header must be 1 to 255 visible characters.";

/** A generated key: `pk_` and 32 random bytes, base64url (256 bits: a hash lookup needs no constant time). */
export const newSecret = () => KEY_PREFIX + randomBytes(32).toString("base64url");
/** What the database keeps of a key. */
export const keyHashOf = (secret: string) => sha256(secret);

/** What ctx.idempotent hands the write (server/sdk does not name the type). */
type IdempotencyClaim = Parameters<Parameters<PluginServerContext["idempotent"]>[3]>[0];
type Answer<B> = { status: number; body: B };
/** A publisher's key as a post needs it (what the intake route's `authenticate` answers). */
type PostingKey = Pick<
  typeof publisherKeys.$inferSelect,
  "id" | "tenantId" | "prefixes" | "listId" | "perMinute" | "createdBy" | "revokedAt"
>;
type PostAnswer = Answer<LeadPosted | IntakeRefusal>;

/** The intake's result as the publisher's answer. */
export function answerOf(result: IntakeResult): PostAnswer {
  switch (result.outcome) {
    case "created":
      return { status: 201, body: { data: { lead_id: result.leadId!, outcome: "created" } } };
    case "updated":
      return { status: 200, body: { data: { lead_id: result.leadId!, outcome: "updated" } } };
    case "duplicate":
      return {
        status: 409,
        body: {
          message: result.message ?? "Duplicate lead.",
          reason: "duplicate",
          ...(result.leadId !== null && { lead_id: result.leadId }),
        },
      };
    case "dnc":
      return { status: 409, body: { message: result.message ?? "Do Not Call.", reason: "dnc" } };
    case "country": {
      const message = result.message ?? INTAKE_MESSAGES.country;
      return { status: 422, body: { message, errors: { country: [message] } } };
    }
    case "invalid": {
      const errors = result.errors ?? {};
      const fields = Object.keys(errors);
      // The key may not use the lead's prefix, and nothing else is wrong: not the lead's fault, the key's scope.
      if (
        fields.length === 1 &&
        fields[0] === "marketing_id" &&
        errors.marketing_id!.every((m) => m.startsWith(PREFIX_NOT_ALLOWED))
      )
        return { status: 403, body: { message: errors.marketing_id![0]! } };
      return { status: 422, body: { message: MESSAGES.invalid, errors } };
    }
  }
}

/** The request as ctx.idempotent reads it, its Idempotency-Key replaced (the request itself is left as it is). */
function withIdempotencyKey(raw: FastifyRequest, key: string | undefined): FastifyRequest {
  const headers = { ...raw.headers };
  if (key === undefined) delete headers["idempotency-key"];
  else headers["idempotency-key"] = key;
  return Object.create(raw, { headers: { value: headers, enumerable: true } }) as FastifyRequest;
}

const nameOf = (u: { firstName: string | null; lastName: string | null }) =>
  [u.firstName, u.lastName].filter(Boolean).join(" ") || null;

export function publisherRoutes(ctx: PluginServerContext): RouteDef[] {
  const { db, clock } = ctx;

  /** Every marketing-id prefix of the call centre's campaigns (main and additional), upper case. */
  async function campaignPrefixes(tenantId: number): Promise<Set<string>> {
    const rows = await db
      .select({ prefix: leadCampaigns.prefix, prefixes: leadCampaigns.prefixes })
      .from(leadCampaigns)
      .where(eq(leadCampaigns.tenantId, tenantId));
    return new Set(
      rows
        .flatMap((r) => [r.prefix, ...r.prefixes])
        .filter(Boolean)
        .map((p) => p.toUpperCase()),
    );
  }

  async function keysOf(tenantId: number, only?: number): Promise<PublisherKey[]> {
    const posted = sql<number>`(select count(*)::int from ${leadListMembers} where ${leadListMembers.listId} = ${publisherKeys.listId})`;
    const rows = await db
      .select({ key: publisherKeys, firstName: users.firstName, lastName: users.lastName, posted })
      .from(publisherKeys)
      .leftJoin(users, eq(users.id, publisherKeys.createdBy))
      .where(
        and(
          eq(publisherKeys.tenantId, tenantId),
          only === undefined ? undefined : eq(publisherKeys.id, only),
        ),
      )
      .orderBy(desc(publisherKeys.createdAt), desc(publisherKeys.id));
    return rows.map(({ key: k, posted: n, ...by }) => ({
      id: k.id,
      name: k.name,
      key_start: k.keyStart,
      prefixes: k.prefixes,
      per_minute: k.perMinute,
      created_at: k.createdAt.toISOString(),
      created_by: k.createdBy === null ? null : nameOf(by),
      last_used_at: k.lastUsedAt?.toISOString() ?? null,
      revoked_at: k.revokedAt?.toISOString() ?? null,
      list_id: k.listId,
      leads_posted: Number(n),
    }));
  }

  const intakeSettings = (tenantId: number) => intakeSettingsOf(db, tenantId);

  /** Counts the post in the key's minute, for every instance at once: the minute's count after this post. */
  async function countPost(keyId: number, minute: number): Promise<number> {
    const [row] = await db
      .insert(publisherKeyMinutes)
      .values({ keyId, minute, posts: 1 })
      .onConflictDoUpdate({
        target: [publisherKeyMinutes.keyId, publisherKeyMinutes.minute],
        set: { posts: sql`${publisherKeyMinutes.posts} + 1` },
      })
      .returning({ posts: publisherKeyMinutes.posts });
    // The first post of a minute sweeps the key's older minutes: each key keeps a row or two.
    if (row!.posts === 1)
      await db
        .delete(publisherKeyMinutes)
        .where(and(eq(publisherKeyMinutes.keyId, keyId), lt(publisherKeyMinutes.minute, minute - 1)));
    return row!.posts;
  }

  return [
    defineRoute(listPublisherKeys, {
      access: MANAGERS,
      handler: async ({ caller }) => ({ data: await keysOf(caller.tenantId) }),
    }),

    defineRoute(createPublisherKey, {
      access: MANAGERS,
      example: { body: { name: "Acme Leads", prefixes: ["ISF", "ISFX"], per_minute: 120 } },
      // The prefixes are the caller's own campaigns' (a prefix is each call centre's own, src/contract/ownership.ts):
      // another call centre's prefix is not one of them, 422 on the field.
      names: [{ kind: "prefix", at: "body.prefixes", refusal: 422 }],
      async handler({ caller, body, raw }, reply) {
        const known = await campaignPrefixes(caller.tenantId);
        const unknown = body.prefixes.filter((p) => !known.has(p));
        if (unknown.length)
          throw new HttpError(422, MESSAGES.invalid, {
            prefixes: unknown.map((prefix) => fill(M.prefixUnknown, { prefix })),
          });
        return ctx.idempotent<{ data: PublisherKey & { key: string } } | { message: string }>(
          caller,
          raw,
          reply,
          async (claim) => {
            const secret = newSecret();
            const at = new Date(clock.now());
            const id = await db.transaction(async (t) => {
              const tx = t as unknown as Db;
              const [list] = await tx
                .insert(leadLists)
                .values({
                  tenantId: caller.tenantId,
                  name: body.name,
                  kind: "publisher",
                  createdAt: at,
                  createdBy: caller.id,
                })
                .returning({ id: leadLists.id });
              const [key] = await tx
                .insert(publisherKeys)
                .values({
                  tenantId: caller.tenantId,
                  name: body.name,
                  keyStart: secret.slice(0, KEY_START_LENGTH),
                  keyHash: keyHashOf(secret),
                  prefixes: body.prefixes,
                  listId: list!.id,
                  perMinute: body.per_minute,
                  createdAt: at,
                  createdBy: caller.id,
                })
                .returning({ id: publisherKeys.id });
              // Kept for a retry: the key, never its secret.
              await claim.keepIn(tx, {
                status: 409,
                body: {
                  message: fill(M.createdBefore, {
                    name: body.name,
                    start: secret.slice(0, KEY_START_LENGTH),
                  }),
                },
              });
              return key!.id;
            });
            const [created] = await keysOf(caller.tenantId, id);
            return { status: 201, body: { data: { ...created!, key: secret } } };
          },
        );
      },
    }),

    defineRoute(revokePublisherKey, {
      access: MANAGERS,
      async handler({ caller, params }, reply) {
        const revoked = await db
          .update(publisherKeys)
          .set({
            revokedAt: sql`coalesce(${publisherKeys.revokedAt}, ${new Date(clock.now()).toISOString()}::timestamptz)`,
          })
          .where(and(eq(publisherKeys.id, params.id), eq(publisherKeys.tenantId, caller.tenantId)))
          .returning({ id: publisherKeys.id });
        if (revoked.length === 0) throw new HttpError(404, M.keyNotFound);
        reply.code(204);
        return null;
      },
    }),

    defineRoute(postLead, {
      access: PUBLIC,
      example: { body: EXAMPLE_LEAD },
      // The key, its call centre and its rate are checked before the body is read: a caller without a valid key
      // gets 401 (or 403, 429) whatever it sends, and never learns the lead's rules from a 422.
      async authenticate(raw): Promise<PostingKey> {
        const header = raw.headers["x-api-key"];
        const secret = (Array.isArray(header) ? header[0] : header)?.trim();
        if (!secret) throw new HttpError(401, M.noKey);
        const [key] = await db
          .select({
            id: publisherKeys.id,
            tenantId: publisherKeys.tenantId,
            prefixes: publisherKeys.prefixes,
            listId: publisherKeys.listId,
            perMinute: publisherKeys.perMinute,
            createdBy: publisherKeys.createdBy,
            revokedAt: publisherKeys.revokedAt,
          })
          .from(publisherKeys)
          .where(eq(publisherKeys.keyHash, keyHashOf(secret)))
          .limit(1);
        if (!key || key.revokedAt) throw new HttpError(401, M.badKey);
        // A public route is not refused by the plugin's manifest by itself: the key's call centre decides.
        if (!(await ctx.offered(key.tenantId))) throw new HttpError(403, M.intakeOff);

        const nowMs = clock.now();
        const minute = Math.floor(nowMs / 60_000);
        if ((await countPost(key.id, minute)) > key.perMinute) {
          const seconds = Math.max(1, Math.ceil(((minute + 1) * 60_000 - nowMs) / 1000));
          throw new HttpError(429, fill(M.tooMany, { limit: key.perMinute, seconds }), undefined, {
            "Retry-After": String(seconds),
          });
        }
        return key;
      },
      async handler({ body, raw }, reply) {
        const key = raw.principal as PostingKey;
        const given = raw.headers["idempotency-key"];
        const idempotencyKey = Array.isArray(given) ? given[0] : given;
        if (idempotencyKey !== undefined && !IDEMPOTENCY_KEY.test(idempotencyKey))
          throw new HttpError(422, IDEMPOTENCY_INVALID, { "Idempotency-Key": [IDEMPOTENCY_INVALID] });
        const kept = idempotencyKey !== undefined && key.createdBy !== null;
        // The key's creator stands for the publisher in the idempotency record (see the file's header).
        const owner: Caller = {
          id: key.createdBy ?? 0,
          tenantId: key.tenantId,
          role: "publisher",
          roles: [],
          permissions: [],
        };
        const request = withIdempotencyKey(
          raw,
          kept ? `publisher-key:${key.id}:${sha256(idempotencyKey!)}` : undefined,
        );

        const write = async (claim: IdempotencyClaim): Promise<PostAnswer> => {
          const at = new Date(clock.now());
          const policy = await intakeSettings(key.tenantId);
          try {
            return await db.transaction(async (t) => {
              const tx = t as unknown as Db;
              const [result] = await ctx.leads.intake(tx, key.tenantId, [body], {
                policy,
                allowedPrefixes: key.prefixes,
                campaignId: null,
                at,
              });
              const answer = answerOf(result!);
              if (result!.outcome === "created") {
                const leadId = result!.leadId;
                if (leadId === null) throw new Error("the intake wrote a lead without an id");
                await tx.insert(leadListMembers).values({ leadId, listId: key.listId });
                // A paused list holds its leads from the dialer (lists.server.ts): a lead posted into it too.
                const [list] = await tx
                  .select({ name: leadLists.name, paused: leadLists.paused })
                  .from(leadLists)
                  .where(eq(leadLists.id, key.listId));
                if (list?.paused)
                  await ctx.leads.hold(
                    tx,
                    key.tenantId,
                    `list:${key.listId}`,
                    list.name,
                    sql`select ${leadListMembers.leadId} from ${leadListMembers} where ${leadListMembers.leadId} = ${leadId}`,
                  );
              }
              await tx.update(publisherKeys).set({ lastUsedAt: at }).where(eq(publisherKeys.id, key.id));
              await claim.keepIn(tx, answer);
              return answer;
            });
          } catch (e) {
            if (!isUniqueViolation(e)) throw e;
            // The same marketing id written meanwhile by another post (the lead book's unique index): a duplicate.
            const [other] = await db
              .select({ id: leads.id })
              .from(leads)
              .where(and(eq(leads.tenantId, key.tenantId), eq(leads.marketingId, body.marketing_id)));
            throw new HttpError(
              409,
              fill(INTAKE_MESSAGES.duplicateMarketingId, { leadId: other?.id ?? "?" }),
              undefined,
              undefined,
              {
                reason: "duplicate",
                ...(other && { lead_id: other.id }),
              },
            );
          }
        };
        return ctx.idempotent<LeadPosted | IntakeRefusal>(owner, request, reply, write);
      },
    }),

    defineRoute(readIntakeSettings, {
      access: MANAGERS,
      handler: async ({ caller }) => ({ data: await intakeSettings(caller.tenantId) }),
    }),

    defineRoute(saveIntakeSettings, {
      access: MANAGERS,
      example: { body: { duplicate_window_days: 90, on_duplicate: "refuse" } },
      async handler({ caller, body }) {
        const values = { duplicateWindowDays: body.duplicate_window_days, onDuplicate: body.on_duplicate };
        await db
          .insert(leadIntakeSettings)
          .values({ tenantId: caller.tenantId, ...values })
          .onConflictDoUpdate({ target: leadIntakeSettings.tenantId, set: values });
        return { data: await intakeSettings(caller.tenantId) };
      },
    }),
  ];
}
