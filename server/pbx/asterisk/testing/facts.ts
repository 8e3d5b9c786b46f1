// The pinned ARI facts (facts/ari-22.10.1.json, generated from Asterisk's api-docs; see facts/NOTICE.md),
// typed for the validators. Read once at import: the file is data, not code, so it stays GPL data.
import facts from "./facts/ari-22.10.1.json";

export interface AriParam {
  name: string;
  paramType: "query" | "path" | "body" | string;
  required: boolean;
  allowMultiple: boolean;
  dataType: string;
  allowableValues?: { valueType: string; values?: string[]; min?: number; max?: number };
}
export interface AriOperation {
  resource: string;
  /** Swagger path, e.g. "/channels/{channelId}/dial". */
  path: string;
  method: string;
  nickname: string;
  responseClass: string | null;
  upgrade?: string;
  parameters: AriParam[];
  errorResponses: { code: number; reason: string }[];
}
export interface AriProperty {
  type: string;
  required: boolean;
  allowableValues?: { valueType?: string; values?: string[] };
}
export interface AriModel {
  file: string;
  discriminator?: string;
  subTypes?: string[];
  properties: Record<string, AriProperty>;
}
export interface AriFacts {
  tag: string;
  commit: string;
  operations: AriOperation[];
  models: Record<string, AriModel>;
}

export const ARI_FACTS: AriFacts = facts as AriFacts;
