// Recordings made on Asterisk end up in the gateway's recording store: the driver copies each finished file
// over ARI, reports what the store holds, and deletes it on Asterisk; a recording a hangup cut is reported at
// once and its file copied when Asterisk closes it.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { LocalRecordingStore, WAV_HEADER_BYTES } from "../../recordings/store";
import { openWorld, type DriverWorld } from "../suite/worlds";
import { readWav, writeToStore } from "./recordingCopy";

const open: DriverWorld[] = [];
afterEach(async () => {
  for (const w of open.splice(0)) await w.close();
});

async function recordedCall() {
  const store = new LocalRecordingStore(mkdtempSync(path.join(tmpdir(), "ari-rec-")));
  const w = await openWorld("asterisk", { recordings: store });
  open.push(w);
  await w.pbx.originate({ callId: "c1", agentExt: "1001", to: "+15550000010", mode: "manual" });
  await w.run(5000);
  return { w, store };
}

const finished = (w: DriverWorld) => w.events.filter((e) => e.kind === "RecordingFinished");

describe("AriDriver recordings in the gateway's store", () => {
  it("a stopped recording is copied into the store as the key the gateway gave, then deleted on Asterisk", async () => {
    const { w, store } = await recordedCall();
    const rec = await w.pbx.startRecording({ callId: "c1" }, "1/77-1.wav");
    await w.run(3000);
    await w.pbx.stopRecording(rec);
    await w.run(200);
    expect(finished(w)).toEqual([
      expect.objectContaining({ recId: rec, uri: "1/77-1.wav", durationMs: 3000, bytes: WAV_HEADER_BYTES + 3 * 8000 * 4 }),
    ]);
    const file = await store.open("1/77-1.wav");
    expect(file?.size).toBe(WAV_HEADER_BYTES + 3 * 8000 * 4);
    expect(w.fake!.recordings().stored).toEqual([]);
  });

  it("a recording the hangup cuts is reported with the call's end, and its file still reaches the store", async () => {
    const { w, store } = await recordedCall();
    await w.pbx.startRecording({ callId: "c1" }, "1/77-2.wav");
    await w.run(2000);
    await w.pbx.hangupCall("c1");
    await w.run(200);
    const kinds = w.events.slice(-3).map((e) => e.kind);
    expect(kinds).toEqual(["LegHungUp", "RecordingFinished", "CallEnded"]);
    expect(finished(w)[0]).toMatchObject({ uri: "1/77-2.wav", durationMs: 2000 });
    expect((await store.open("1/77-2.wav"))?.size).toBe(WAV_HEADER_BYTES + 2 * 8000 * 4);
    expect(w.fake!.recordings().stored).toEqual([]);
  });

  it("a file that cannot be copied stays on Asterisk and the recording is reported without audio", async () => {
    const { w } = await recordedCall();
    const rec = await w.pbx.startRecording({ callId: "c1" }, "../outside.wav"); // the store refuses the key
    await w.run(1000);
    await w.pbx.stopRecording(rec);
    await w.run(200);
    expect(finished(w)).toEqual([expect.objectContaining({ recId: rec, uri: null })]);
    expect(w.fake!.recordings().stored).toHaveLength(1);
  });
});

describe("Asterisk's WAV into the store's format", () => {
  const wav = (channels: number, rate: number, samples: number[]) => {
    const b = Buffer.alloc(44 + samples.length * 2);
    b.write("RIFF", 0, "ascii");
    b.writeUInt32LE(36 + samples.length * 2, 4);
    b.write("WAVEfmt ", 8, "ascii");
    b.writeUInt32LE(16, 16);
    b.writeUInt16LE(1, 20);
    b.writeUInt16LE(channels, 22);
    b.writeUInt32LE(rate, 24);
    b.writeUInt32LE(rate * channels * 2, 28);
    b.writeUInt16LE(channels * 2, 32);
    b.writeUInt16LE(16, 34);
    b.write("data", 36, "ascii");
    b.writeUInt32LE(samples.length * 2, 40);
    samples.forEach((s, i) => b.writeInt16LE(s, 44 + i * 2));
    return b;
  };
  const capture = () => {
    const frames: Array<[number[], number[]]> = [];
    const store = {
      create: (key: string) => ({
        key,
        write: (a: Int16Array, h: Int16Array) => void frames.push([[...a], [...h]]),
        close: () => ({ key, bytes: 0, durationMs: 0 }),
      }),
    };
    return { frames, store };
  };

  it("a mono mix goes into both channels, in 20 ms frames", () => {
    const { frames, store } = capture();
    const samples = Array.from({ length: 200 }, (_, i) => i - 100);
    writeToStore(store, "k", readWav(wav(1, 8000, samples)));
    expect(frames.map(([a]) => a.length)).toEqual([160, 40]);
    expect(frames.flatMap(([a]) => a)).toEqual(samples);
    expect(frames.flatMap(([, h]) => h)).toEqual(samples);
  });

  it("stereo keeps its channels; 16 kHz or not-a-WAV is refused", () => {
    const { frames, store } = capture();
    writeToStore(store, "k", readWav(wav(2, 8000, [1, 2, 3, 4])));
    expect(frames).toEqual([[[1, 3], [2, 4]]]);
    expect(() => writeToStore(store, "k", readWav(wav(1, 16000, [1])))).toThrow(/16000 Hz/);
    expect(() => readWav(Buffer.from("not audio at all"))).toThrow(/not a WAV/);
  });
});
