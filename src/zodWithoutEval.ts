// zod probes `new Function` to compile fast parsers, once, when the first object schema is built (at module
// load). The Content-Security-Policy forbids eval, and the browser reports the probe as a violation even
// though zod catches it; parsing without compiled parsers is fast enough for a form or a push. This writes
// zod's own config object (what `z.config({ jitless: true })` writes) before zod loads: imported first by
// main.tsx and built first into the libraries' chunk (vite.config.ts, RUNS_FIRST), so no schema exists yet,
// not even a shared contract chunk's. Importing `config` from zod instead would cost the sign-in bundle 0.2 KiB.
((globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig ??= {}).jitless = true;

export {};
