import axios from "axios";
import { ErrorBody } from "../contract/common";

/** The HTTP status of a failed call; undefined when no answer came (network down, blocked, timeout). */
export function httpStatus(error: unknown): number | undefined {
  return axios.isAxiosError(error) ? error.response?.status : undefined;
}

export function errorBody(error: unknown): ErrorBody | undefined {
  if (!axios.isAxiosError(error)) return undefined;
  const parsed = ErrorBody.safeParse(error.response?.data);
  return parsed.success ? parsed.data : undefined;
}
