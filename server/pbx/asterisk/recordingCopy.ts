// Asterisk writes a recording on its own disk (/var/spool/asterisk/recording); the gateway serves recordings
// from its recording store (server/recordings/store.ts). When Asterisk says a recording is finished the
// driver copies the file over ARI (`GET /recordings/stored/{name}/file`) into the store under the key the
// gateway chose, then deletes it on Asterisk so its disk does not fill. Asterisk's `wav` is 8 kHz 16-bit
// mono: the mix of the bridge (or of the snoop's both directions). The store keeps two channels (the agent,
// what the agent hears); a mix cannot be split, so it goes into both.
import type { RecordedFile, RecordingStore } from "../../recordings/store";
import type { AriHttp } from "./ari/http";
import { seg } from "./ari/http";

const FRAME = 160; // 20 ms at 8 kHz, the store's frame

export interface PcmAudio {
  sampleRate: number;
  channels: number;
  /** Interleaved 16-bit samples. */
  samples: Int16Array;
}

/** The PCM of a RIFF/WAVE file (16-bit PCM only); throws on anything else. */
export function readWav(file: Buffer): PcmAudio {
  if (file.length < 12 || file.toString("ascii", 0, 4) !== "RIFF" || file.toString("ascii", 8, 12) !== "WAVE")
    throw new Error("not a WAV file");
  let fmt: { format: number; channels: number; sampleRate: number; bits: number } | undefined;
  for (let at = 12; at + 8 <= file.length; ) {
    const id = file.toString("ascii", at, at + 4);
    const size = file.readUInt32LE(at + 4);
    const body = at + 8;
    if (id === "fmt ") {
      fmt = {
        format: file.readUInt16LE(body),
        channels: file.readUInt16LE(body + 2),
        sampleRate: file.readUInt32LE(body + 4),
        bits: file.readUInt16LE(body + 14),
      };
    } else if (id === "data") {
      if (!fmt || fmt.format !== 1 || fmt.bits !== 16) throw new Error("not 16-bit PCM");
      // A file still being written may say more than it holds: take what is there.
      const end = Math.min(file.length, body + size);
      const count = Math.floor((end - body) / 2);
      const samples = new Int16Array(count);
      for (let i = 0; i < count; i++) samples[i] = file.readInt16LE(body + i * 2);
      return { sampleRate: fmt.sampleRate, channels: fmt.channels, samples };
    }
    at = body + size + (size % 2);
  }
  throw new Error("a WAV file without audio data");
}

/** Writes 8 kHz audio into the store as `key`: a mono mix in both channels, stereo as it is. */
export function writeToStore(store: Pick<RecordingStore, "create">, key: string, audio: PcmAudio): RecordedFile {
  if (audio.sampleRate !== 8000) throw new Error(`a ${audio.sampleRate} Hz recording (record as wav, 8 kHz)`);
  if (audio.channels !== 1 && audio.channels !== 2) throw new Error(`a recording of ${audio.channels} channels`);
  const writer = store.create(key);
  const frames = audio.samples.length / audio.channels;
  for (let start = 0; start < frames; start += FRAME) {
    const n = Math.min(FRAME, frames - start);
    const left = new Int16Array(n);
    const right = new Int16Array(n);
    for (let i = 0; i < n; i++) {
      const at = (start + i) * audio.channels;
      left[i] = audio.samples[at]!;
      right[i] = audio.samples[at + audio.channels - 1]!;
    }
    writer.write(left, right);
  }
  return writer.close();
}

/** Copies Asterisk's stored recording `name` into the store as `key`, then deletes it on Asterisk. */
export async function copyStoredRecording(
  http: AriHttp,
  store: Pick<RecordingStore, "create">,
  name: string,
  key: string,
): Promise<RecordedFile> {
  const file = await http.bytes("GET", `/recordings/stored/${seg(name)}/file`);
  const copied = writeToStore(store, key, readWav(file));
  await http.request("DELETE", `/recordings/stored/${seg(name)}`);
  return copied;
}
