// Where call recordings live (issue 16 "Recordings are real"): a store of WAV files by key. The PBX side writes
// a recording as the call goes (the embedded media edge, a frame every 20 ms), the recordings plugin reads it
// back for the lead's history. Local files under DATA_DIR/recordings by default; a store for object storage
// implements the same interface (docs/decisions.md "Extra recordings").
//
// The format is the one every browser plays: RIFF/WAVE, 16-bit PCM, 8 kHz, two channels (left: the agent's
// own voice, right: what the agent hears: the lead, a third party, a disclosure). The header is written first
// with empty sizes and completed when the recording closes; a file a crash left open is completed by
// `repair` from its length, so a cut recording is still a playable file.
import {
  closeSync,
  createReadStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  statSync,
  writeSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Readable } from "node:stream";

export const RECORDING_SAMPLE_RATE = 8000;
export const RECORDING_CHANNELS = 2;
const BYTES_PER_SAMPLE = 2;
const BLOCK = RECORDING_CHANNELS * BYTES_PER_SAMPLE;
export const WAV_HEADER_BYTES = 44;
/** Frames kept in memory before a write: a crash loses at most this much audio (10 × 20 ms). */
const FLUSH_EVERY = 10;

/** A recording as its writer closes it, or as repair finds it. */
export interface RecordedFile {
  key: string;
  bytes: number;
  durationMs: number;
}

export interface RecordingWriter {
  readonly key: string;
  /** One 20 ms frame: `agent` and `heard` are 16-bit PCM samples of equal length (160 at 8 kHz). */
  write(agent: Int16Array, heard: Int16Array): void;
  /** Writes what is buffered and completes the header. Idempotent. */
  close(): RecordedFile;
}

export interface RecordingStore {
  /** A new recording; `key` is a relative path such as `1/2041-1.wav` (tenant, call, index). */
  create(key: string): RecordingWriter;
  /** The finished file's size and a stream of its bytes (`range` inclusive), or undefined when it is missing. */
  open(key: string, range?: { start: number; end: number }): Promise<{ size: number; stream: Readable } | undefined>;
  /** Completes the header of a file a crash left open (sizes from its length): what it now holds. */
  repair(key: string): Promise<RecordedFile | undefined>;
}

function header(dataBytes: number): Buffer {
  const h = Buffer.alloc(WAV_HEADER_BYTES);
  h.write("RIFF", 0, "ascii");
  h.writeUInt32LE(36 + dataBytes, 4);
  h.write("WAVE", 8, "ascii");
  h.write("fmt ", 12, "ascii");
  h.writeUInt32LE(16, 16);
  h.writeUInt16LE(1, 20); // PCM
  h.writeUInt16LE(RECORDING_CHANNELS, 22);
  h.writeUInt32LE(RECORDING_SAMPLE_RATE, 24);
  h.writeUInt32LE(RECORDING_SAMPLE_RATE * BLOCK, 28);
  h.writeUInt16LE(BLOCK, 32);
  h.writeUInt16LE(BYTES_PER_SAMPLE * 8, 34);
  h.write("data", 36, "ascii");
  h.writeUInt32LE(dataBytes, 40);
  return h;
}

const durationOf = (dataBytes: number) => Math.round((dataBytes / BLOCK / RECORDING_SAMPLE_RATE) * 1000);

/** What a whole WAV file of `bytes` holds. */
export const recordedFileOf = (key: string, bytes: number): RecordedFile => ({
  key,
  bytes,
  durationMs: durationOf(Math.max(0, bytes - WAV_HEADER_BYTES)),
});

class FileWriter implements RecordingWriter {
  private fd: number | null;
  private data = 0;
  private pending: Buffer[] = [];
  private closed: RecordedFile | null = null;

  constructor(
    readonly key: string,
    file: string,
  ) {
    this.fd = openSync(file, "w");
    writeSync(this.fd, header(0), 0, WAV_HEADER_BYTES, 0);
  }

  write(agent: Int16Array, heard: Int16Array): void {
    if (this.fd === null) return;
    const n = Math.min(agent.length, heard.length);
    const frame = Buffer.alloc(n * BLOCK);
    for (let i = 0; i < n; i++) {
      frame.writeInt16LE(agent[i]!, i * BLOCK);
      frame.writeInt16LE(heard[i]!, i * BLOCK + BYTES_PER_SAMPLE);
    }
    this.pending.push(frame);
    if (this.pending.length >= FLUSH_EVERY) this.flush();
  }

  close(): RecordedFile {
    if (this.closed) return this.closed;
    this.flush();
    const fd = this.fd!;
    writeSync(fd, header(this.data), 0, WAV_HEADER_BYTES, 0);
    closeSync(fd);
    this.fd = null;
    this.closed = { key: this.key, bytes: WAV_HEADER_BYTES + this.data, durationMs: durationOf(this.data) };
    return this.closed;
  }

  private flush(): void {
    if (this.fd === null || this.pending.length === 0) return;
    const chunk = Buffer.concat(this.pending);
    this.pending = [];
    writeSync(this.fd, chunk, 0, chunk.length, WAV_HEADER_BYTES + this.data);
    this.data += chunk.length;
  }
}

/** Recordings as files under `root`. Keys are checked: nothing outside `root` is ever opened. */
export class LocalRecordingStore implements RecordingStore {
  constructor(readonly root: string) {
    mkdirSync(root, { recursive: true });
  }

  create(key: string): RecordingWriter {
    const file = this.fileOf(key);
    mkdirSync(path.dirname(file), { recursive: true });
    return new FileWriter(key, file);
  }

  async open(key: string, range?: { start: number; end: number }) {
    const file = this.fileOf(key);
    if (!existsSync(file)) return undefined;
    const size = statSync(file).size;
    return { size, stream: createReadStream(file, range) };
  }

  async repair(key: string): Promise<RecordedFile | undefined> {
    return this.repairNow(key);
  }

  /** `repair`, at once: the object store's spool repairs before its uploads. */
  repairNow(key: string): RecordedFile | undefined {
    const file = this.fileOf(key);
    if (!existsSync(file)) return undefined;
    const size = statSync(file).size;
    if (size < WAV_HEADER_BYTES) {
      // Not even a header reached the disk: write an empty, valid file.
      const fd = openSync(file, "w");
      writeSync(fd, header(0));
      closeSync(fd);
      return { key, bytes: WAV_HEADER_BYTES, durationMs: 0 };
    }
    // Whole sample frames only: a write cut mid-frame is dropped.
    const data = Math.floor((size - WAV_HEADER_BYTES) / BLOCK) * BLOCK;
    const fd = openSync(file, "r+");
    writeSync(fd, header(data), 0, WAV_HEADER_BYTES, 0);
    closeSync(fd);
    return { key, bytes: WAV_HEADER_BYTES + data, durationMs: durationOf(data) };
  }

  private fileOf(key: string): string {
    if (!/^[\w-]+(\/[\w-]+)*\.wav$/.test(key)) throw new Error(`not a recording key: ${key}`);
    return path.join(this.root, key);
  }
}

/** Where a gateway keeps recording files: DATA_DIR/<name>, or a temporary folder when the database is in memory. */
export function recordingsDir(dataDir: string, name: string): string {
  return dataDir === "memory" ? mkdtempSync(path.join(tmpdir(), `dialer-${name}-`)) : path.join(dataDir, name);
}
