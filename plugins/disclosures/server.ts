// Gateway side of the disclosures plugin: the steps an agent reads (GET /calls/disclosures) and the proof that a
// disclosure was given on a call (POST /calls/{callId}/disclosures), which it alone writes (tables.ts). The proof
// stores the text as the lead heard it, filled in here from the lead's record, not as the browser sent it.
import { statSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { and, asc, eq, inArray } from "drizzle-orm";
import {
  definePluginServer,
  calls,
  defineRoute,
  HttpError,
  leads,
  MESSAGES,
  type PlaybackMedia,
  type PluginServerContext,
  type RouteDef,
} from "../../server/sdk";
import { disclosureSteps, namesFor } from "./content";
import {
  addDisclosureProof,
  DISCLOSURE_MESSAGES as M,
  DisclosuresResponse,
  DISCLOSURE_LANGUAGES,
  disclosureClipName,
  listDisclosures,
  type DisclosureProofBody as ProofBody,
  type DisclosuresFacet,
} from "./contract";
import { disclosurePlaybacks, disclosureProofs, type GivenStep } from "./tables";
import { CARRIER_COMPANIES, fillWording, WORDINGS } from "./wording";

/** Qualifiers (setters) and advisors read disclosures to their leads. */
const AGENTS = { roles: ["setter", "advisor"] } as const;

/** Every wording's steps in each language (the content is the plugin's: content.ts). */
export function allDisclosures(): DisclosuresResponse["data"] {
  const by = (w: (typeof WORDINGS)[number]) => ({
    en: disclosureSteps(w, "en"),
    es: disclosureSteps(w, "es"),
  });
  return { aa: by("aa"), occ: by("occ"), pio: by("pio") };
}

/** Raw 8 kHz μ-law: 8 bytes a millisecond. */
const ULAW_BYTES_PER_MS = 8;

/**
 * The disclosures' recorded audio (audio/<wording>-<language>.ulaw, made by scripts/gen-voice-clips.mjs), as
 * clips the agent plays into the call. A clip missing from the install is left out (and said in the log): its
 * Start audio is then refused, and the disclosure is still read.
 */
export function disclosureClips(log?: { warn(msg: string): void }): PlaybackMedia[] {
  return WORDINGS.flatMap((wording) =>
    DISCLOSURE_LANGUAGES.flatMap((language) => {
      const name = disclosureClipName(wording, language);
      const file = fileURLToPath(new URL(`./audio/${wording}-${language}.ulaw`, import.meta.url));
      try {
        return [{ name, file, durationMs: Math.round(statSync(file).size / ULAW_BYTES_PER_MS) }];
      } catch {
        log?.warn(`disclosures: the clip ${name} is missing; run scripts/gen-voice-clips.mjs`);
        return [];
      }
    }),
  );
}

/** What the lead history shows of the disclosures given on these calls (their facet), by call id. */
async function facetsOf(db: PluginServerContext["db"], tenantId: number, callIds: number[]) {
  const [proofs, played] = await Promise.all([
    db
      .select()
      .from(disclosureProofs)
      .where(and(eq(disclosureProofs.tenantId, tenantId), inArray(disclosureProofs.callId, callIds)))
      .orderBy(asc(disclosureProofs.createdAt), asc(disclosureProofs.id)),
    db
      .select()
      .from(disclosurePlaybacks)
      .where(and(eq(disclosurePlaybacks.tenantId, tenantId), inArray(disclosurePlaybacks.callId, callIds)))
      .orderBy(asc(disclosurePlaybacks.startedAt), asc(disclosurePlaybacks.id)),
  ]);
  const byCall = new Map<number, DisclosuresFacet>();
  const entry = (id: number) => byCall.get(id) ?? byCall.set(id, { disclosures: [], playbacks: [] }).get(id)!;
  for (const p of proofs)
    entry(p.callId).disclosures.push({
      at: p.createdAt.toISOString(),
      carrier: p.carrier,
      company: CARRIER_COMPANIES[p.carrier as keyof typeof CARRIER_COMPANIES] ?? p.carrier,
      wording: p.wording,
      language: p.language,
      steps: p.steps.length,
      completed: p.completed,
    });
  for (const p of played)
    entry(p.callId).playbacks.push({
      at: p.startedAt.toISOString(),
      media: p.media,
      seconds: Math.round((p.endedAt.getTime() - p.startedAt.getTime()) / 100) / 10,
      end: p.end as "done" | "stopped" | "ended",
    });
  return byCall;
}

/** The steps as given, or the 422 naming what does not fit the disclosure. */
function givenSteps(body: ProofBody, names: { firstName: string; lastName: string }): GivenStep[] {
  const steps = disclosureSteps(body.wording, body.language);
  const errors: Record<string, string[]> = {};
  const given = body.steps.map((s, i) => {
    const step = steps.find((x) => x.step === s.step);
    if (!step) {
      errors[`steps.${i}.step`] = [M.notAStep];
      return null;
    }
    if (step.answers && s.answer !== null && !step.answers[s.answer])
      errors[`steps.${i}.answer`] = [M.notAnAnswer];
    if (!step.answers && s.answer !== null) errors[`steps.${i}.answer`] = [M.notAnAnswer];
    // A question passed without an answer is not a disclosure given; the last step reached may still wait.
    if (step.answers && s.answer === null && i < body.steps.length - 1)
      errors[`steps.${i}.answer`] = [M.unanswered];
    const text = fillWording(step.text, { company: CARRIER_COMPANIES[body.carrier], ...names });
    return {
      step: s.step,
      text,
      answer: s.answer === null ? null : (step.answers?.[s.answer]?.text ?? null),
      at: s.at,
    };
  });
  if (Object.keys(errors).length > 0) throw new HttpError(422, MESSAGES.invalid, errors);
  return given as GivenStep[];
}

export function disclosuresRoutes(ctx: PluginServerContext): RouteDef[] {
  const { db, clock } = ctx;
  // Off for the call centre, disclosures do not exist there: 404 (403 says the caller's role may not).
  // Off for the call centre, disclosures do not exist there: the gateway answers the routes 404 with the
  // manifest's text (manifest.ts), and the clips are not offered to its calls.
  // The audio a disclosure plays into the call; each clip played is kept as proof with the call.
  ctx.playback.register(disclosureClips(ctx.log), {
    offered: ctx.offered,
    async played(clip) {
      await db.insert(disclosurePlaybacks).values({
        tenantId: clip.tenantId,
        callId: clip.callId,
        agentId: clip.agentId,
        media: clip.media,
        startedAt: new Date(clip.startedAt),
        endedAt: new Date(clip.endedAt),
        end: clip.end,
      });
    },
  });
  // Shown with every call they were given on, also once the call centre turned disclosures off: they are proof.
  ctx.leadHistory.addCallFacet((tenantId, callIds) => facetsOf(db, tenantId, callIds));
  // The call moved to another lead (the lead matcher): its proofs name that lead from now on (the playbacks
  // keep no lead, only the call).
  ctx.calls.onRelink(async (tx, { tenantId, callId, toLeadId }) => {
    await tx
      .update(disclosureProofs)
      .set({ leadId: toLeadId })
      .where(and(eq(disclosureProofs.tenantId, tenantId), eq(disclosureProofs.callId, callId)));
  });
  return [
    defineRoute(listDisclosures, {
      access: AGENTS,
      async handler() {
        return { data: allDisclosures() };
      },
    }),
    defineRoute(addDisclosureProof, {
      access: AGENTS,
      example: {
        body: {
          carrier: "gtl",
          wording: "aa",
          language: "en",
          steps: [{ step: 1, answer: null, at: "2026-03-10T18:00:00.000Z" }],
          completed: false,
        },
      },
      async handler({ caller, params, body, raw }, reply) {
        return ctx.idempotent(caller, raw, reply, async () => {
          const [call] = await db
            .select({
              id: calls.id,
              agentId: calls.agentId,
              leadId: calls.leadId,
              first: leads.firstName,
              last: leads.lastName,
            })
            .from(calls)
            .leftJoin(leads, eq(leads.id, calls.leadId))
            .where(and(eq(calls.id, params.callId), eq(calls.tenantId, caller.tenantId)));
          // Another agent's call is not one this agent can name: 404, as for another call centre's.
          if (!call || call.agentId !== caller.id) throw new HttpError(404, MESSAGES.resourceNotFound);
          const steps = givenSteps(
            body,
            namesFor(body.language, { firstName: call.first, lastName: call.last }),
          );
          const [row] = await db
            .insert(disclosureProofs)
            .values({
              tenantId: caller.tenantId,
              callId: call.id,
              leadId: call.leadId,
              agentId: caller.id,
              carrier: body.carrier,
              wording: body.wording,
              language: body.language,
              steps,
              completed: body.completed,
              createdAt: new Date(clock.now()),
            })
            .returning({ id: disclosureProofs.id });
          return { status: 201, body: { data: { id: row!.id } } };
        });
      },
    }),
  ];
}

export default definePluginServer(disclosuresRoutes);
