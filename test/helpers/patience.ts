// How long a test waits before it calls something hung. Every wait in the suite is for an
// event (a process exiting, a page loading, a message arriving); these limits only end a real
// hang, so they are far beyond what the slowest run on a loaded 2-core machine takes (the whole
// suite took 19–22 min there while other builds ran; one build of our site from the sources
// over 60 s). vitest.config.ts uses the same limit.
export const HANG_MS = 20 * 60_000;
