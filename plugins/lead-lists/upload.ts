// The lead lists' two raw calls, at their endpoints' paths: the upload (the file itself is the request body, as
// text/csv, which callEndpoint cannot send: it sends JSON) with its progress, and the refused rows' download (a CSV
// answer, not JSON, fetched with the manager's authorisation and handed to the browser as a file to save).
import type { AxiosInstance } from "axios";
import { endpointPath, endpointUrl } from "../../src/contract/endpoint";
import { refusalOf, type Clock, type Refusal } from "../../src/sdk";
import { IMPORT_MAX_BYTES, readRefusedRows, uploadLeadImport, type LeadImport } from "./contract";

/** The file name the gateway takes: at most 200 characters, never empty. */
export function uploadName(name: string): string {
  const trimmed = name.trim();
  if (!trimmed) return "leads.csv";
  if (trimmed.length <= 200) return trimmed;
  const dot = trimmed.lastIndexOf(".");
  const ext = dot > 0 && trimmed.length - dot <= 5 ? trimmed.slice(dot) : "";
  return trimmed.slice(0, 200 - ext.length) + ext;
}

export type UploadResult = { ok: true; data: LeadImport } | Refusal;

/** A file over 100 MB is refused before a byte is sent, as the gateway would (413). */
export const tooLarge = (file: Blob) => file.size > IMPORT_MAX_BYTES;

/**
 * POST /lead-imports?file_name=…, the file as the body (text/csv). `onProgress(loaded, total)` follows the bytes
 * sent. Resolves to the import (parsed by the endpoint's 201 schema) or to the refusal (413, 415, 422: its
 * message; no answer: status null).
 */
export async function uploadFile(
  http: AxiosInstance,
  clock: Clock,
  file: File,
  onProgress: (loaded: number, total: number) => void,
): Promise<UploadResult> {
  if (tooLarge(file))
    return { ok: false, status: 413, retryable: false, message: null, errors: {} };
  try {
    const answer = await http.post<unknown>(
      endpointUrl(uploadLeadImport, { query: { file_name: uploadName(file.name) } }),
      file,
      {
        headers: { "Content-Type": "text/csv" },
        onUploadProgress: (e) => onProgress(e.loaded, e.total ?? file.size),
      },
    );
    const parsed = uploadLeadImport.responses[201].safeParse(answer.data);
    if (parsed.success) return { ok: true, data: parsed.data.data };
    return { ok: false, status: answer.status, retryable: false, message: null, errors: {} };
  } catch (e) {
    return refusalOf(e, clock.now());
  }
}

/**
 * GET /lead-imports/:id/refused, saved by the browser under `fileName`: the request carries the manager's
 * authorisation, so the answer is fetched, then handed over through an object URL (revoked a minute later).
 */
export async function downloadRefusedRows(
  http: AxiosInstance,
  clock: Clock,
  importId: number,
  fileName: string,
  doc: Document = document,
): Promise<Refusal | null> {
  try {
    const { data } = await http.get<unknown>(endpointPath(readRefusedRows, { id: importId }), { responseType: "blob" });
    const blob = data instanceof Blob ? data : new Blob([String(data)], { type: "text/csv;charset=utf-8" });
    const url = URL.createObjectURL(blob);
    const link = doc.createElement("a");
    link.href = url;
    link.download = fileName;
    link.style.display = "none";
    doc.body.append(link);
    link.click();
    link.remove();
    clock.setTimeout(() => URL.revokeObjectURL(url), 60_000);
    return null;
  } catch (e) {
    return refusalOf(e, clock.now());
  }
}
