// The recording files: a WAV every browser plays, with its sizes right once closed; a file a crash left open
// is completed from its length; keys never leave the store's folder.
import { mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { LocalRecordingStore, WAV_HEADER_BYTES } from "./store";

const frame = (v: number) => Int16Array.from({ length: 160 }, (_, i) => (i % 2 ? v : -v));
const store = () => new LocalRecordingStore(mkdtempSync(path.join(tmpdir(), "rec-test-")));

function parse(file: Buffer) {
  return {
    riff: file.toString("ascii", 0, 4),
    riffSize: file.readUInt32LE(4),
    channels: file.readUInt16LE(22),
    rate: file.readUInt32LE(24),
    bits: file.readUInt16LE(34),
    dataSize: file.readUInt32LE(40),
  };
}

describe("LocalRecordingStore", () => {
  it("writes a stereo 8 kHz 16-bit WAV, the agent left and what it hears right, with its sizes once closed", async () => {
    const s = store();
    const w = s.create("1/10-1.wav");
    for (let i = 0; i < 150; i++) w.write(frame(1000), frame(-2000)); // 3 s
    const done = w.close();
    expect(w.close()).toBe(done);
    expect(done).toEqual({ key: "1/10-1.wav", bytes: WAV_HEADER_BYTES + 150 * 640, durationMs: 3000 });
    const file = readFileSync(path.join(s.root, "1/10-1.wav"));
    expect(parse(file)).toEqual({
      riff: "RIFF",
      riffSize: 36 + 150 * 640,
      channels: 2,
      rate: 8000,
      bits: 16,
      dataSize: 150 * 640,
    });
    expect([file.readInt16LE(44), file.readInt16LE(46)]).toEqual([-1000, 2000]);
    const opened = await s.open("1/10-1.wav", { start: 0, end: 3 });
    expect(opened?.size).toBe(file.length);
    opened?.stream.destroy();
  });

  it("completes a file a crash left open, keeping every whole frame written, and reports its length", async () => {
    const s = store();
    const w = s.create("1/11-1.wav");
    for (let i = 0; i < 55; i++) w.write(frame(500), frame(500)); // 50 frames reach the disk, 5 are buffered
    const file = path.join(s.root, "1/11-1.wav");
    expect(parse(readFileSync(file)).dataSize).toBe(0); // as a crash leaves it
    expect(await s.repair("1/11-1.wav")).toEqual({
      key: "1/11-1.wav",
      bytes: WAV_HEADER_BYTES + 50 * 640,
      durationMs: 1000,
    });
    expect(parse(readFileSync(file))).toMatchObject({ riffSize: 36 + 50 * 640, dataSize: 50 * 640 });
    expect(statSync(file).size).toBe(WAV_HEADER_BYTES + 50 * 640);
    expect(await s.repair("1/nothing.wav")).toBeUndefined();
  });

  it("refuses keys that would leave its folder", async () => {
    const s = store();
    for (const key of ["../x.wav", "/etc/passwd", "1/../../x.wav", "a.mp3", ""])
      expect(() => s.create(key)).toThrow(/not a recording key/);
    await expect(s.open("../../x.wav")).rejects.toThrow();
  });
});
