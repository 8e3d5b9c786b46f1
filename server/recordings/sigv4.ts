// AWS Signature Version 4 for S3-compatible object storage (AWS S3, MinIO, Ceph, R2, Wasabi…): the one request
// signing every such service accepts. Small enough to own rather than to pull an SDK into the gateway; checked
// against the worked examples of the S3 documentation (sigv4.test.ts).
import { createHash, createHmac } from "node:crypto";

export interface S3Credentials {
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/** The hash of an empty body, and what a request whose body is not hashed says instead (S3 over TLS). */
export const EMPTY_SHA256 = createHash("sha256").update("").digest("hex");

const hmac = (key: Buffer | string, text: string) => createHmac("sha256", key).update(text, "utf8").digest();
const sha256Hex = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");

/** RFC 3986 encoding as SigV4 wants it: unreserved characters stay, everything else is %XX. */
export const uriEncode = (text: string) =>
  encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * The headers to add to a request: `x-amz-date`, `x-amz-content-sha256` and `authorization`. `headers` are the
 * ones to sign besides those (host is taken from the URL); `payloadHash` is the body's SHA-256 in hex.
 */
export function signS3Request(
  request: { method: string; url: URL; headers?: Record<string, string>; payloadHash: string },
  credentials: S3Credentials,
  now: Date,
): Record<string, string> {
  const amzDate = now.toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");
  const day = amzDate.slice(0, 8);
  const signed: Record<string, string> = {
    host: request.url.host,
    "x-amz-content-sha256": request.payloadHash,
    "x-amz-date": amzDate,
  };
  for (const [name, value] of Object.entries(request.headers ?? {})) signed[name.toLowerCase()] = value;
  const names = Object.keys(signed).sort();
  const canonicalHeaders = names.map((n) => `${n}:${signed[n]!.trim().replace(/\s+/g, " ")}\n`).join("");
  const query = [...request.url.searchParams]
    .map(([k, v]) => [uriEncode(k), uriEncode(v)] as const)
    .sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join("&");
  // S3 signs the path as sent, each segment encoded once (the URL's pathname is that already).
  const canonicalRequest = [
    request.method,
    request.url.pathname,
    query,
    canonicalHeaders,
    names.join(";"),
    request.payloadHash,
  ].join("\n");
  const scope = `${day}/${credentials.region}/s3/aws4_request`;
  const stringToSign = ["AWS4-HMAC-SHA256", amzDate, scope, sha256Hex(canonicalRequest)].join("\n");
  const key = hmac(hmac(hmac(hmac(`AWS4${credentials.secretAccessKey}`, day), credentials.region), "s3"), "aws4_request");
  const signature = createHmac("sha256", key).update(stringToSign, "utf8").digest("hex");
  return {
    "x-amz-date": amzDate,
    "x-amz-content-sha256": request.payloadHash,
    authorization:
      `AWS4-HMAC-SHA256 Credential=${credentials.accessKeyId}/${scope}, ` +
      `SignedHeaders=${names.join(";")}, Signature=${signature}`,
  };
}
