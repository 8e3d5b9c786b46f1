// Which recording store a gateway uses (RECORDINGS_STORE): local files under DATA_DIR by default, S3-compatible
// object storage by configuration (objectStore.ts).
import type { GatewayConfig } from "../config";
import { ObjectRecordingStore } from "./objectStore";
import { LocalRecordingStore, recordingsDir, type RecordingStore } from "./store";

export function recordingStoreFor(
  config: Pick<GatewayConfig, "dataDir" | "recordingsStore">,
  log: (message: string, detail?: Record<string, unknown>) => void,
): RecordingStore {
  const store = config.recordingsStore;
  if (store.kind === "s3")
    return new ObjectRecordingStore(store, { spoolDir: recordingsDir(config.dataDir, "recordings-spool"), log });
  return new LocalRecordingStore(recordingsDir(config.dataDir, "recordings"));
}
