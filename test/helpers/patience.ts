// How long the suite waits before it calls something hung. Every wait in the suite is for an
// event (a process exiting, a page loading, a request, a message arriving), never for a clock:
// these limits only end a real hang, so it is reported in minutes rather than after 20. They are
// far beyond what a step takes on a loaded 2-core machine (see LONG_MS for what was measured).

/**
 * One test or hook (vitest.config.ts testTimeout and hookTimeout). The slowest single test
 * measured on the loaded machine took 31 s (test/e2e's `npm run check`); a test or hook that
 * needs longer says so with LONG_MS.
 */
export const TEST_MS = 4 * 60_000;

/**
 * One wait inside a test: an element, a response, an expect.poll, one command-line run. Under
 * TEST_MS, so a hang fails with the name of what was awaited rather than the test's timeout.
 */
export const HANG_MS = 3 * 60_000;

/**
 * The few genuinely long steps, each passed explicitly where it is used and commented there: a
 * build of our whole site (content/, 182 routes) or of a generated corpus in a beforeAll, or in
 * the test that first asks for it, and the tarball install of test/e2e/. Measured one file at a
 * time with eight other people's builds and tests running (load average 26–29 on 2 cores):
 * build/site.test.ts (one strict whole-site build) 154 s for the file, three whole-site builds
 * at once 112 s, the tarball's pack and install about 110 s (its file 187 s), and a 520-page
 * corpus built on workers and in one thread (build/workers.test.ts) 223 s for that one test.
 */
export const LONG_MS = 15 * 60_000;
