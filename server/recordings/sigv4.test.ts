// The signer against the worked examples of the S3 documentation ("Signature Calculations for the Authorization
// Header: Transferring Payload in a Single Chunk"): the same request must give the same signature, byte for byte.
import { describe, expect, it } from "vitest";
import { EMPTY_SHA256, signS3Request, uriEncode } from "./sigv4";

const EXAMPLE = {
  region: "us-east-1",
  accessKeyId: "AKIAIOSFODNN7EXAMPLE",
  secretAccessKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
};
const MAY_24_2013 = new Date("2013-05-24T00:00:00Z");

describe("signS3Request", () => {
  it("signs the documentation's GET Object with a range", () => {
    const headers = signS3Request(
      {
        method: "GET",
        url: new URL("https://examplebucket.s3.amazonaws.com/test.txt"),
        headers: { Range: "bytes=0-9" },
        payloadHash: EMPTY_SHA256,
      },
      EXAMPLE,
      MAY_24_2013,
    );
    expect(headers.authorization).toBe(
      "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, " +
        "SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, " +
        "Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41",
    );
    expect(headers["x-amz-date"]).toBe("20130524T000000Z");
  });

  it("signs the documentation's GET Bucket lifecycle (a query without a value)", () => {
    const headers = signS3Request(
      { method: "GET", url: new URL("https://examplebucket.s3.amazonaws.com/?lifecycle"), payloadHash: EMPTY_SHA256 },
      EXAMPLE,
      MAY_24_2013,
    );
    expect(headers.authorization).toMatch(
      /Signature=fea454ca298b7da1c68078a5d1bdbfbbe0d65c699e0f91ac7a200a0136783543$/,
    );
  });

  it("encodes as SigV4 wants: unreserved characters kept, the rest as %XX in capitals", () => {
    expect(uriEncode("a-b_c.d~e f/g*h!")).toBe("a-b_c.d~e%20f%2Fg%2Ah%21");
  });
});
