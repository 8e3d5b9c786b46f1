// The level of a 16-bit PCM WAV file (what baresip's sndfile module wrote of the audio it decoded): the RMS
// of its samples on the 16-bit scale (silence ≈ 0, a full-scale sine ≈ 23 170).
import { readFileSync } from "node:fs";

export interface WavLevel {
  seconds: number;
  rms: number;
}

export function wavLevel(file: string): WavLevel {
  const buf = readFileSync(file);
  if (buf.toString("ascii", 0, 4) !== "RIFF" || buf.toString("ascii", 8, 12) !== "WAVE")
    throw new Error(`${file}: not a WAV file`);
  let channels = 1;
  let rate = 8000;
  let bits = 16;
  for (let at = 12; at + 8 <= buf.length;) {
    const id = buf.toString("ascii", at, at + 4);
    const size = buf.readUInt32LE(at + 4);
    const body = at + 8;
    if (id === "fmt ") {
      channels = buf.readUInt16LE(body + 2);
      rate = buf.readUInt32LE(body + 4);
      bits = buf.readUInt16LE(body + 14);
    } else if (id === "data") {
      if (bits !== 16) throw new Error(`${file}: ${bits}-bit samples, expected 16`);
      // A file still being written may announce more (or 0) bytes than it holds.
      const end = Math.min(buf.length, size > 0 ? body + size : buf.length);
      const samples = Math.floor((end - body) / 2);
      let sum = 0;
      for (let i = 0; i < samples; i++) sum += buf.readInt16LE(body + 2 * i) ** 2;
      return { seconds: samples / channels / rate, rms: samples ? Math.sqrt(sum / samples) : 0 };
    }
    at = body + size + (size % 2);
  }
  throw new Error(`${file}: no data chunk`);
}
