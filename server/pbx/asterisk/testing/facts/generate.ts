// Writes ari-22.10.1.json: the facts of Asterisk's ARI (Swagger 1.1 api-docs at a pinned tag), without the
// descriptions' prose, so the fake ARI server validates requests and events against what Asterisk declares.
// Run: npx tsx server/pbx/asterisk/testing/facts/generate.ts [path-to-asterisk-bare-git] (see NOTICE.md).
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export const ARI_TAG = "22.10.1";
const repo = process.argv[2] ?? "/work/.mirror/asterisk+asterisk/repo";
const git = (...args: string[]) => execFileSync("git", ["-C", repo, ...args], { encoding: "utf8", maxBuffer: 1 << 26 });

interface SwaggerParam {
  name: string; paramType: string; required?: boolean; allowMultiple?: boolean; dataType: string;
  allowableValues?: { valueType: string; values?: string[]; min?: number; max?: number };
}
interface SwaggerOp {
  httpMethod: string; nickname: string; responseClass?: string; parameters?: SwaggerParam[];
  errorResponses?: { code: number; reason: string }[]; upgrade?: string;
}
interface SwaggerModel {
  id: string; discriminator?: string; subTypes?: string[];
  properties: Record<string, { type: string; required?: boolean; allowableValues?: { values?: string[] } }>;
}
interface SwaggerFile { resourcePath: string; apis: { path: string; operations: SwaggerOp[] }[]; models?: Record<string, SwaggerModel> }

const commit = git("rev-parse", `${ARI_TAG}^{commit}`).trim();
const files = git("ls-tree", "--name-only", `${ARI_TAG}`, "rest-api/api-docs/")
  .split("\n").filter((f) => f.endsWith(".json") && !f.endsWith("resources.json"));

const operations: unknown[] = [];
const models: Record<string, unknown> = {};
for (const file of files) {
  const doc = JSON.parse(git("show", `${ARI_TAG}:${file}`)) as SwaggerFile;
  const resource = file.replace(/^.*\//, "").replace(/\.json$/, "");
  for (const api of doc.apis) {
    for (const op of api.operations) {
      operations.push({
        resource,
        path: api.path,
        method: op.httpMethod,
        nickname: op.nickname,
        responseClass: op.responseClass ?? null,
        ...(op.upgrade ? { upgrade: op.upgrade } : {}),
        parameters: (op.parameters ?? []).map((p) => ({
          name: p.name,
          paramType: p.paramType,
          required: p.required ?? false,
          allowMultiple: p.allowMultiple ?? false,
          dataType: p.dataType,
          ...(p.allowableValues ? { allowableValues: p.allowableValues } : {}),
        })),
        errorResponses: (op.errorResponses ?? []).map((e) => ({ code: e.code, reason: e.reason })),
      });
    }
  }
  for (const [id, m] of Object.entries(doc.models ?? {})) {
    models[id] = {
      file: resource,
      ...(m.discriminator ? { discriminator: m.discriminator } : {}),
      ...(m.subTypes ? { subTypes: m.subTypes } : {}),
      properties: Object.fromEntries(
        Object.entries(m.properties).map(([name, p]) => [
          name,
          { type: p.type, required: p.required ?? false, ...(p.allowableValues ? { allowableValues: p.allowableValues } : {}) },
        ]),
      ),
    };
  }
}

const out = join(dirname(fileURLToPath(import.meta.url)), `ari-${ARI_TAG}.json`);
writeFileSync(out, JSON.stringify({ source: "asterisk/asterisk rest-api/api-docs", tag: ARI_TAG, commit, operations, models }, null, 1) + "\n");
console.log(`wrote ${out}: ${operations.length} operations, ${Object.keys(models).length} models`);
