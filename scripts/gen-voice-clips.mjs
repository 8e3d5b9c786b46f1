#!/usr/bin/env node
// Generates the voice-like clips the embedded SIP edge plays to agents (server/pbx/edge/media/*.ulaw): raw
// 8 kHz μ-law, no header. A small Klatt-style formant synthesiser, no downloads and no randomness beyond a
// seeded generator, so a rerun gives the same bytes. Run once after changing a phrase and commit the output:
//   node scripts/gen-voice-clips.mjs
// The clips only have to sound like a person (or a machine greeting) on the agent's headset; intelligibility
// is a bonus. Phonemes are ARPAbet-like, `1` marks a stressed vowel, `,` `.` `?` are pauses (`?` rises).
import { writeFileSync, mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const SR = 8000;
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const OUT = path.join(ROOT, "server/pbx/edge/media");
// The carrier disclosures' recorded audio (plugins/disclosures): played into the call, so the lead hears it.
const DISCLOSURES = path.join(ROOT, "plugins/disclosures/audio");
// The gateway's own announcements to a lead (server/modules/calls): the goodbye after an agent's phone dropped.
const CALLS = path.join(ROOT, "server/modules/calls/audio");

// ---------------------------------------------------------------- voices and phrases

const CLIPS = [
  {
    // The lead who picks up: a short, questioning hello, then an answer.
    file: "human.ulaw",
    voice: { f0: 118, formantScale: 1.0, rate: 1.0, breath: 0.04 },
    text: "hh ah l ow1 ? , , y eh1 s , hh eh l ow1 . hh uw1 z / dh ih1 s ?",
  },
  {
    // An answering machine: a brighter, steadier voice; the edge appends the beep.
    file: "machine.ulaw",
    voice: { f0: 205, formantScale: 1.17, rate: 1.08, breath: 0.02 },
    text: "hh ay1 , y uw1 v / r iy1 ch t / dh ah / m eh1 s ih jh / b ao1 k s . p l iy1 z / l iy1 v / ah / m eh1 s ih jh / ae1 f t er / dh ah / t ow1 n .",
  },
  {
    // The voicemail box (*97): a slower, flat prompt voice.
    file: "voicemail-box.ulaw",
    voice: { f0: 190, formantScale: 1.12, rate: 0.92, breath: 0.01, flat: true },
    text: "y uw1 / hh ae v / n ow1 / n uw1 / m eh1 s ih jh ih z . t uw1 / l ih1 s ah n , p r eh1 s / w ah1 n .",
  },
  {
    // A third party (transfer target or conference guest): another speaker, lower and slower.
    file: "third-party.ulaw",
    voice: { f0: 98, formantScale: 0.95, rate: 0.95, breath: 0.05 },
    text: "th ae1 ng k / y uw1 / f ao r / hh ow1 l d ih ng . dh ih s / ih z / dh ah / eh n r ow1 l m ah n t / d eh1 s k ?",
  },
  // The disclosures, one per wording (aa, occ, pio: the lead's state picks it) and language, in a calm
  // announcer's voice: "This call is recorded. Please listen to this important disclosure." and the wording's
  // own sentence. Seeds follow the list's order: append new clips at the end.
  ...disclosure("aa", "en", "y uw1 / m ey / k ae1 n s ah l / w ih dh ih1 n / th er1 t iy / d ey1 z ."),
  ...disclosure("occ", "en", "dh ih s / p aa1 l ah s iy / m ey / r iy p l ey1 s / y ao r / k ah1 v er ih jh ."),
  ...disclosure("pio", "en", "dh ih s / ih z / p aa1 l ah s iy / ih n f er m ey1 sh ah n / ow1 n l iy . ih t / ih z / n aa1 t / ah / k ao1 n t r ae k t ."),
  ...disclosure("aa", "es", "uw s t eh1 d / p w eh1 d eh / k aa n s eh l aa1 r / eh n / t r eh1 y n t aa / d iy1 aa s ."),
  ...disclosure("occ", "es", "eh1 s t aa / p ow1 l iy s aa / p w eh1 d eh / r eh m p l aa s aa1 r / s uw / s eh g uw1 r ow ."),
  ...disclosure("pio", "es", "eh1 s t aa / eh s / iy n f ao r m aa s y ow1 n / d eh / p ow1 l iy s aa / s ow1 l aa m eh n t eh ."),
  // The goodbye a lead hears when the agent's phone dropped mid-call and did not come back in time
  // (server/modules/calls/rejoin.ts), one per language of the lead: "We are sorry, your agent's line dropped.
  // We will call you back soon. Goodbye."
  ...goodbye("en", "w iy1 / aa r / s aa1 r iy , y ao r / ey1 jh ah n t s / l ay1 n / d r aa1 p t . w iy / w ih l / k ao1 l / y uw / b ae1 k / s uw1 n . g uh d / b ay1 ."),
  ...goodbye("fr", "n uw / s ao1 m / d ey z ow l ey1 , l aa / l iy1 n y / d ah / v ao t r / k ao n s eh y ey1 / aa / ey t ey1 / k uw p ey1 . n uw / v uw / r aa p eh l r ao1 n / b y eh n t ow1 . ow / r ah v w aa1 r ."),
  ...goodbye("es", "l ow / s eh n t iy1 m ow s , l aa / l iy1 n eh aa / d eh / s uw / aa jh eh1 n t eh / s eh / k ao r t ow1 . l eh / y aa m aa r eh1 m ow s / p r ao1 n t ow . aa d y ow1 s ."),
];

function goodbye(language, text) {
  return [{ dir: CALLS, file: `rejoin-goodbye-${language}.ulaw`, voice: { f0: 175, formantScale: 1.1, rate: 0.9, breath: 0.02 }, text }];
}

function disclosure(wording, language, sentence) {
  const intro = {
    en: "dh ih1 s / k ao1 l / ih z / r ih k ao1 r d ih d . p l iy1 z / l ih1 s ah n / t uw / dh ih s / ih m p ao1 r t ah n t / d ih s k l ow1 zh er .",
    es: "eh1 s t aa / y aa m aa1 d aa / eh s / g r aa b aa1 d aa . p ao r / f aa b ao1 r / eh s k uw1 ch eh / eh1 s t aa / d iy b uw l g aa s y ow1 n / iy m p ao r t aa1 n t eh .",
  }[language];
  return [
    {
      dir: DISCLOSURES,
      file: `${wording}-${language}.ulaw`,
      voice: { f0: 175, formantScale: 1.1, rate: 0.9, breath: 0.02 },
      text: `${intro} , ${sentence}`,
    },
  ];
}

// ---------------------------------------------------------------- phoneme inventory
// Formants (F1, F2, F3 in Hz) from Peterson & Barney / Klatt; av = voicing, af = frication, ah = aspiration.

const V = (f1, f2, f3, dur = 0.11) => ({ kind: "vowel", targets: [[f1, f2, f3]], dur, av: 1 });
const D = (a, b, dur = 0.17) => ({ kind: "vowel", targets: [a, b], dur, av: 1 });
const PH = {
  iy: V(270, 2290, 3010), ih: V(390, 1990, 2550, 0.08), eh: V(530, 1840, 2480, 0.09), ae: V(660, 1720, 2410, 0.12),
  aa: V(730, 1090, 2440, 0.12), ao: V(570, 840, 2410, 0.12), uh: V(440, 1020, 2240, 0.08), uw: V(300, 870, 2240, 0.11),
  ah: V(640, 1190, 2390, 0.07), er: V(490, 1350, 1690, 0.1),
  ey: D([480, 1950, 2550], [330, 2200, 2800]), ay: D([700, 1200, 2500], [380, 2000, 2600]),
  ow: D([540, 1000, 2400], [350, 800, 2300]), aw: D([700, 1200, 2500], [380, 900, 2300]), oy: D([560, 850, 2400], [380, 2000, 2600]),
  l: { kind: "liquid", targets: [[360, 1300, 2700]], dur: 0.06, av: 0.7 },
  r: { kind: "liquid", targets: [[310, 1060, 1380]], dur: 0.06, av: 0.7 },
  w: { kind: "liquid", targets: [[290, 610, 2150]], dur: 0.05, av: 0.7 },
  y: { kind: "liquid", targets: [[260, 2070, 3020]], dur: 0.05, av: 0.7 },
  m: { kind: "nasal", targets: [[250, 1100, 2300]], dur: 0.07, av: 0.45 },
  n: { kind: "nasal", targets: [[250, 1600, 2500]], dur: 0.06, av: 0.45 },
  ng: { kind: "nasal", targets: [[250, 2000, 2600]], dur: 0.07, av: 0.45 },
  s: { kind: "fric", dur: 0.1, af: 0.5, fc: 3500, bw: 900 },
  z: { kind: "fric", dur: 0.08, af: 0.35, fc: 3500, bw: 900, av: 0.25 },
  sh: { kind: "fric", dur: 0.1, af: 0.5, fc: 2500, bw: 800 },
  zh: { kind: "fric", dur: 0.08, af: 0.35, fc: 2500, bw: 800, av: 0.25 },
  f: { kind: "fric", dur: 0.09, af: 0.18, fc: 2800, bw: 2200 },
  v: { kind: "fric", dur: 0.07, af: 0.12, fc: 2800, bw: 2200, av: 0.3 },
  th: { kind: "fric", dur: 0.08, af: 0.15, fc: 3000, bw: 2200 },
  dh: { kind: "fric", dur: 0.05, af: 0.08, fc: 3000, bw: 2200, av: 0.35 },
  hh: { kind: "aspirate", dur: 0.07, ah: 0.5 },
  p: { kind: "stop", dur: 0.08, burst: 0.5, fc: 1200, bw: 2000 },
  b: { kind: "stop", dur: 0.06, burst: 0.3, fc: 1200, bw: 2000, av: 0.15 },
  t: { kind: "stop", dur: 0.08, burst: 0.6, fc: 3300, bw: 1200 },
  d: { kind: "stop", dur: 0.06, burst: 0.35, fc: 3000, bw: 1200, av: 0.15 },
  k: { kind: "stop", dur: 0.08, burst: 0.6, fc: 2000, bw: 1200 },
  g: { kind: "stop", dur: 0.06, burst: 0.35, fc: 2000, bw: 1200, av: 0.15 },
  ch: { kind: "stop", dur: 0.1, burst: 0.5, fc: 2500, bw: 800, affricate: true },
  jh: { kind: "stop", dur: 0.09, burst: 0.35, fc: 2500, bw: 800, affricate: true, av: 0.2 },
};
const PAUSES = { ",": 0.16, ".": 0.38, "?": 0.38, "/": 0.03 };

// ---------------------------------------------------------------- signal helpers

function mulberry32(seed) {
  return () => {
    seed |= 0;
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Klatt two-pole resonator; coefficients recomputed when F or B change. */
class Resonator {
  y1 = 0;
  y2 = 0;
  constructor() {
    this.set(1000, 200);
  }
  set(f, bw) {
    const c = -Math.exp((-2 * Math.PI * bw) / SR);
    const b = 2 * Math.exp((-Math.PI * bw) / SR) * Math.cos((2 * Math.PI * Math.min(f, SR / 2 - 100)) / SR);
    this.a = 1 - b - c;
    this.b = b;
    this.c = c;
  }
  step(x) {
    const y = this.a * x + this.b * this.y1 + this.c * this.y2;
    this.y2 = this.y1;
    this.y1 = y;
    return y;
  }
}

/** One-pole smoother towards a moving target (formant and amplitude transitions). */
const smooth = (cur, target, ms) => cur + (target - cur) * (1 - Math.exp(-1000 / (SR * ms)));

// ---------------------------------------------------------------- synthesis

function plan(text, voice) {
  const segs = [];
  for (const tok of text.trim().split(/\s+/)) {
    if (tok in PAUSES) {
      segs.push({ kind: "pause", dur: PAUSES[tok], rise: tok === "?" });
      continue;
    }
    const stressed = tok.endsWith("1");
    const p = PH[tok.replace(/1$/, "")];
    if (!p) throw new Error(`unknown phoneme ${tok}`);
    segs.push({ ...p, stressed, dur: (p.dur * (stressed ? 1.45 : 1)) / voice.rate });
  }
  return segs;
}

function synth({ text, voice }, seed) {
  const rnd = mulberry32(seed);
  const noise = () => rnd() * 2 - 1;
  const segs = plan(text, voice);
  const total = segs.reduce((s, g) => s + g.dur, 0);
  const n = Math.ceil((total + 0.1) * SR);
  const out = new Float64Array(n);

  const formants = [new Resonator(), new Resonator(), new Resonator()];
  const fric = new Resonator();
  const burstRes = new Resonator();
  const BW = [70, 100, 140];
  let F = [500, 1500, 2500].map((f) => f * voice.formantScale);
  let av = 0, af = 0, ah = 0, burst = 0;
  let phase = 0, prevPulse = 0;
  let jitter = 1;
  let i = 0;
  let t = 0;

  // Pitch: declination over each phrase (reset after a long pause), accents on stressed vowels, a rise on '?'.
  const phraseStarts = [0];
  segs.forEach((g, k) => { if (g.kind === "pause" && g.dur > 0.1 && k < segs.length - 1) phraseStarts.push(k + 1); });

  for (let k = 0; k < segs.length; k++) {
    const g = segs[k];
    const len = Math.round(g.dur * SR);
    const phraseStart = [...phraseStarts].reverse().find((s) => s <= k) ?? 0;
    const phraseEnd = phraseStarts.find((s) => s > k) ?? segs.length;
    const endsWithRise = segs[phraseEnd - 1]?.rise || segs.slice(k, phraseEnd).some((s) => s.rise);
    const pos = (k - phraseStart) / Math.max(1, phraseEnd - phraseStart);
    for (let j = 0; j < len && i < n; j++, i++, t++) {
      const u = j / len;
      // Targets of this sample.
      let target = null;
      if (g.targets) target = g.targets.length === 1 ? g.targets[0] : g.targets[0].map((a, x) => a + (g.targets[1][x] - a) * Math.min(1, Math.max(0, (u - 0.3) / 0.5)));
      if (target) F = F.map((f, x) => smooth(f, target[x] * voice.formantScale, g.kind === "vowel" ? 18 : 10));
      const tAv = g.kind === "pause" ? 0 : (g.av ?? 0) * (g.stressed ? 1.15 : 1);
      const tAf = g.af ?? 0;
      const tAh = g.kind === "aspirate" ? g.ah : 0;
      av = smooth(av, tAv, g.kind === "pause" ? 12 : 6);
      af = smooth(af, tAf, 4);
      ah = smooth(ah, tAh, 4);
      // Stops: closure (silence or voice bar) for 70 %, then a burst (and frication for affricates).
      let closure = 1;
      if (g.kind === "stop") {
        if (u < 0.7) closure = 0.25;
        else {
          burst = j === Math.round(0.7 * len) ? g.burst : burst * 0.985;
          if (g.affricate) af = smooth(af, 0.4, 3);
        }
      } else burst *= 0.96;

      // F0 for this sample.
      let f0 = voice.f0 * (1.08 - 0.16 * pos);
      if (g.stressed && !voice.flat) f0 *= 1 + 0.18 * Math.sin(Math.PI * u);
      if (endsWithRise && pos > 0.6) f0 *= 1 + 0.5 * (pos - 0.6);
      if (voice.flat) f0 = voice.f0 * (1.02 - 0.06 * pos);

      // Glottal source: Rosenberg pulse, differentiated (lip radiation), with a little jitter.
      phase += (f0 * jitter) / SR;
      if (phase >= 1) {
        phase -= 1;
        jitter = 1 + (rnd() - 0.5) * 0.02;
      }
      const tp = 0.4, tn = 0.16;
      const pulse = phase < tp ? 0.5 * (1 - Math.cos((Math.PI * phase) / tp)) : phase < tp + tn ? Math.cos((Math.PI * (phase - tp)) / (2 * tn)) : 0;
      const glottal = (pulse - prevPulse) * 12;
      prevPulse = pulse;

      formants.forEach((r, x) => r.set(F[x], BW[x] * (g.kind === "nasal" ? 2 : 1)));
      let v = glottal * av * closure + noise() * (ah + voice.breath * av);
      for (const r of formants) v = r.step(v);
      if (g.fc) {
        fric.set(g.fc, g.bw);
        burstRes.set(g.fc, g.bw * 1.5);
      }
      const fr = fric.step(noise() * af) * 1.2;
      const bu = burstRes.step(noise() * burst) * 1.5;
      out[i] = v + fr + bu;
    }
  }
  // Gentle high-pass (removes DC drift) and a little pre-emphasis (a brighter, telephone-like voice), then
  // normalise to about −6 dBFS with short fades.
  let prevX = 0, prevY = 0, prevE = 0;
  for (let j = 0; j < n; j++) {
    const y = out[j] - prevX + 0.995 * prevY;
    prevX = out[j];
    prevY = y;
    out[j] = y - 0.5 * prevE;
    prevE = y;
  }
  const peak = out.reduce((m, x) => Math.max(m, Math.abs(x)), 0) || 1;
  const fade = 0.01 * SR;
  for (let j = 0; j < n; j++) {
    const env = Math.min(1, j / fade, (n - 1 - j) / fade);
    out[j] = (out[j] / peak) * 16000 * env;
  }
  return out;
}

// ---------------------------------------------------------------- μ-law (same as server/pbx/edge/media/g711.ts)

function linearToUlaw(sample) {
  let s = Math.max(-32768, Math.min(32767, Math.round(sample)));
  const sign = s < 0 ? 0x80 : 0;
  if (sign) s = -s;
  if (s > 32635) s = 32635;
  s += 0x84;
  let exponent = 7;
  for (let mask = 0x4000; (s & mask) === 0 && exponent > 0; mask >>= 1) exponent--;
  const mantissa = (s >> (exponent + 3)) & 0x0f;
  return ~(sign | (exponent << 4) | mantissa) & 0xff;
}

mkdirSync(OUT, { recursive: true });
mkdirSync(DISCLOSURES, { recursive: true });
mkdirSync(CALLS, { recursive: true });
let totalBytes = 0;
CLIPS.forEach((clip, k) => {
  const pcm = synth(clip, 1000 + k);
  const bytes = Buffer.alloc(pcm.length);
  for (let j = 0; j < pcm.length; j++) bytes[j] = linearToUlaw(pcm[j]);
  const out = path.join(clip.dir ?? OUT, clip.file);
  writeFileSync(out, bytes);
  totalBytes += bytes.length;
  console.log(`${path.relative(ROOT, out)}: ${(bytes.length / SR).toFixed(2)} s, ${bytes.length} bytes`);
});
console.log(`total ${totalBytes} bytes`);
