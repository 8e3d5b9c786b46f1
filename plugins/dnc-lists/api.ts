// The only file other plugins may import: the service key and what the page's service does. Every outcome is
// already in the manager's language.
import { serviceKey } from "../../src/sdk";
import type { AddDncNumberBody, CreateDncListBody, DncEntry, DncList, UploadResult } from "./contract";

/** A write's outcome: done, or the refusal (field errors as this plugin's i18n keys, the rest as a sentence). */
export type DncOutcome<T = null> =
  | { ok: true; data: T }
  | { ok: false; fields: Record<string, string>; message: string | null };

export interface DncListsApi {
  /** The call centre's lists (the internal list first). */
  load(): Promise<void>;
  /** Which lists a number is on (the page shows them); a refusal when the text is no number. */
  search(phone: string): Promise<DncOutcome>;
  createList(body: CreateDncListBody, idempotencyKey: string): Promise<DncOutcome<DncList>>;
  deleteList(list: DncList): Promise<boolean>;
  /** One number onto a list (0: the internal list). */
  addNumber(listId: number, body: AddDncNumberBody, idempotencyKey: string): Promise<DncOutcome<DncEntry>>;
  /** A number off a list, with the reason the audit log keeps. */
  removeNumber(entry: DncEntry, reason: string): Promise<DncOutcome>;
  /** A file's numbers onto an imported list: the file itself is the request's body. */
  upload(list: DncList, file: Blob): Promise<DncOutcome<UploadResult>>;
  /** Saves the list as CSV on the manager's computer. */
  exportList(list: DncList): Promise<void>;
  /** A page of a list's numbers, after the number `after`. */
  browse(listId: number, after: string | null): Promise<{ entries: DncEntry[]; next: string | null } | null>;
  /** A list's name as the page shows it: the internal list's in the manager's language. */
  nameOf(list: { id: number; name: string | null } | DncEntry): string;
}

export const dncListsApi = serviceKey<DncListsApi>("dnc-lists.api");
