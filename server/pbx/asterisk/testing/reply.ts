// What an operation answers: a status and a JSON body (Asterisk's errors are `{"message": …}`), or raw bytes
// for a recording's file. Kept apart so the model modules and the HTTP layer share it without a cycle.
export interface Reply {
  status: number;
  body?: unknown;
  raw?: { contentType: string; data: Buffer };
  /** Run after the response is written (Asterisk answers the request, then the channel starts moving). */
  after?: () => void;
}

export const ok = (body?: unknown): Reply => (body === undefined ? { status: 204 } : { status: 200, body });
export const fail = (status: number, message: string): Reply => ({ status, body: { message } });
