// The scheduled e-mails page's calls to the gateway, by their endpoints (./contract.ts).
import { callEndpoint, type EndpointCaller } from "../../../src/sdk";
import {
  createSchedule,
  deleteSchedule,
  listSchedules,
  sendScheduleNow,
  updateSchedule,
  type ScheduleBody,
} from "./contract";

export function schedulesClient(ctx: EndpointCaller) {
  return {
    list: () => callEndpoint(ctx, listSchedules),
    /** `key`: the dialog's Idempotency-Key, kept while it is open, so a retried save creates one schedule. */
    create: (body: ScheduleBody, key: string) =>
      callEndpoint(ctx, createSchedule, { body, idempotencyKey: key }),
    update: (id: number, body: ScheduleBody) => callEndpoint(ctx, updateSchedule, { params: { id }, body }),
    remove: (id: number) => callEndpoint(ctx, deleteSchedule, { params: { id } }),
    sendNow: (id: number) => callEndpoint(ctx, sendScheduleNow, { params: { id } }),
  };
}
export type SchedulesClient = ReturnType<typeof schedulesClient>;
