// The markdown twins (./markdown-twins.ts) of a production build that writes, with the build
// cache on disk. Each doc twin has a key naming everything it is made from: the page's text (by
// the markdown stage's hash of it, so the text itself is not needed), its route, folder,
// address, title and description, where each relative link of its text leads now (a page's
// route or a file's published address: ./twin-record.ts keeps which targets a text's twin
// resolves), the site's url and base URL, and the cache's salt (helpgen's code and the settings
// every stored page depends on). The output is told each twin's key, and an output updated in
// place whose file was made from the same key keeps it: such a twin is neither made, nor read,
// nor hashed, nor written (at 8,500 pages making every twin was ~0.5 s of the main thread and
// hashing them ~0.2 s, on every build). Working out every key was ~0.2 s more: while the site
// key (siteKey below: every page's address, title and description, and where links that lead
// to no page lead) is the one of the record, an unchanged text's key is the one recorded, and
// only the changed pages' keys are worked out. A category's twin is keyed by its text.
// llms-full.txt copies the unchanged twins from the one in the output (./llms-full.ts). Each twin
// made is also stored in the build cache under its key (`TwinKeeping.store`, a folder of its
// own), so a build into a fresh folder (a CI job: a fresh checkout, the cache restored, no
// output) copies an unchanged twin from there rather than making it again (at 8,500 pages
// making them took ~0.6 s, and read every page's text back). Such a build copies each stored twin
// with the file system, its hash known from the last build's output record, and the unchanged
// twins of llms-full.txt from the cache's copy of the last one written (./stored-llms-full.ts).
import { createHash } from 'node:crypto';
import { posix } from 'node:path';
import type { OutputFile, PagesInOutput } from '../output/output.ts';
import type { FileHolds } from '../output/build-manifest.ts';
import { markdownTwinHref } from '../../templates/twin.ts';
import { absoluteAddresses, categoryTwin, docTwin, linkedFiles, llmsTxt, outputPath, readingOrder, relativeTargets, type RelativeTargets, type TwinInput } from './markdown-twins.ts';
import { llmsFullChunks, offsetsIn, sizeOf, type LlmsPart } from './llms-full.ts';
import { loadTwinRecord, saveTwinRecord, type TwinRecord } from './twin-record.ts';
import type { BuildContext, CompileOutput } from './context.ts';
import type { FileStore } from './file-store.ts';
import { StoredLlmsFull } from './stored-llms-full.ts';

export interface TwinKeeping {
  /** The output's files, when it is updated in place. */
  inOutput: PagesInOutput | undefined;
  /** What the last build recorded (./twin-record.ts). */
  record: TwinRecord;
  /** What every twin's key includes besides the twin's own inputs (the build cache's salt). */
  salt: string;
  /** Each doc twin's bytes by its key: the twins made are stored there, those there are not made again. */
  store?: FileStore;
  /** The build cache's copies of llms-full.txt, for a build into a fresh folder. */
  llmsFull?: StoredLlmsFull;
  /** What the file a key made held, as the last build's output record says (a twin copied from the store is then not hashed). */
  holdsOf?: (key: string) => FileHolds | undefined;
}

export interface KeptTwins {
  files: OutputFile[];
  /** Doc twins made in this build, of `docs`; the others were left in the output. */
  made: number;
  docs: number;
  /** Doc twins whose key was worked out, not taken from the record. */
  keyed: number;
  /** Doc twins copied from the build cache's store. */
  copied: number;
  /** Whether llms-full.txt copies unchanged twins from the build cache's copy of the last one. */
  fromStoredLlms: boolean;
  /** The record for the next build, when it differs from the last one. */
  record?: TwinRecord;
}

/**
 * The twins of a build that writes, with the build cache's `recordFile` and `salt`: kept in the
 * output where they can be, the rest made; the record for the next build is saved at once (it
 * keeps the layout of the llms-full.txt in the output too, for the next build if this one fails).
 */
export async function twinsOfWritingBuild(ctx: BuildContext, input: TwinInput, output: CompileOutput, cache: { recordFile: string; salt: string; store: FileStore; llmsDir: string }): Promise<OutputFile[]> {
  const inOutput = await output.pagesInOutput();
  const kept = keptTwinFiles(input, { inOutput, record: loadTwinRecord(cache.recordFile, cache.salt), salt: cache.salt, store: cache.store, llmsFull: new StoredLlmsFull(cache.llmsDir), holdsOf: (key) => output.recordedHolds(key) });
  if (kept.record) saveTwinRecord(cache.recordFile, cache.salt, kept.record);
  ctx.timings.note(() => `markdown twins: ${kept.made} of ${kept.docs} made, ${kept.copied} copied from the build cache, ${kept.docs - kept.made - kept.copied} left in the output as they were, ${kept.keyed} key(s) worked out${kept.fromStoredLlms ? "; llms-full.txt's unchanged twins copied from the build cache's copy of the last one" : ''}`);
  return kept.files;
}

export function keptTwinFiles(input: TwinInput, keeping: TwinKeeping): KeptTwins {
  const { inOutput, record } = keeping;
  const { config } = input;
  const absolute = absoluteAddresses(config.url);
  const linked = linkedFiles(input);
  const relative = relativeTargets(input, absolute, linked);
  const leadsTo = memoized((relPath: string) => JSON.stringify(linked(relPath) ?? null));
  const common = hash(JSON.stringify([keeping.salt, config.url ?? null, config.baseUrl]));
  // While the site key is the one the record's keys were made under, an unchanged text's key is the recorded one.
  const site = siteKey(input, common, record.loose, leadsTo);
  const recordedKeys = site === record.site ? record.keys : undefined;
  // Paths linked to that lead to no page: the next build's site key names where they lead.
  const loose = new Set(recordedKeys ? record.loose : []);
  const llmsPath = posix.join(config.baseUrl.replace(/^\/+/, ''), 'llms-full.txt');
  const inOldLlms = offsetsIn((inOutput && record.layouts.get(inOutput.keyOf(llmsPath) ?? '')) ?? []);
  // A fresh folder: the unchanged twins of llms-full.txt come from the cache's copy of the last one.
  const storedLlms = inOutput ? undefined : keeping.llmsFull?.find([...record.layouts].map(([key, layout]) => [key, sizeOf(layout)]));
  const inStoredLlms = offsetsIn(storedLlms ? record.layouts.get(storedLlms.key)! : []);
  const targets = new Map<string, string[]>();
  const keys = new Map<string, string>();
  const parts = new Map<string, LlmsPart>();
  const files: OutputFile[] = [];
  let made = 0;
  let keyed = 0;
  let copied = 0;
  for (const { source, page } of input.docs) {
    const path = outputPath(markdownTwinHref(page.href));
    const text = source.sourceHash;
    // Where each relative link leads now: one JSON text a line.
    const keyOf = (relPaths: string[]) => {
      keyed++;
      for (const relPath of relPaths) if (!linked(relPath)?.route) loose.add(relPath);
      return hash(`${common}${JSON.stringify([text, source.route, source.dir, page.href, page.title, page.description])}\n${relPaths.map(leadsTo).join('\n')}`);
    };
    const known = (inOutput || keeping.store) && record.targets.get(text);
    const knownKey = known && (recordedKeys?.get(text) ?? keyOf(known));
    // The twin of the key recorded, as `file`, its part of llms-full.txt as `part`.
    const reuse = (file: OutputFile, part: LlmsPart) => {
      targets.set(text, known!);
      keys.set(text, knownKey!);
      files.push(file);
      parts.set(page.href, part);
    };
    const old = knownKey !== undefined && inOutput?.keyOf(path) === knownKey ? inOldLlms.get(knownKey) : undefined;
    if (old) {
      inOutput!.keep(path, knownKey!);
      keeping.store?.keep(knownKey!); // the store's copy, if any, stays for a build into another folder
      reuse({ path }, { key: knownKey!, ...old });
      continue;
    }
    const inStored = knownKey !== undefined ? inStoredLlms.get(knownKey) : undefined;
    if (inStored && keeping.store?.has(knownKey!)) {
      copied++;
      keeping.store.keep(knownKey!);
      reuse({ path, copyFrom: keeping.store.pathOf(knownKey!), key: knownKey, holds: keeping.holdsOf?.(knownKey!) }, { key: knownKey!, ...inStored });
      continue;
    }
    const stored = knownKey !== undefined && inOutput?.keyOf(path) !== knownKey ? keeping.store?.read(knownKey) : undefined;
    if (stored) {
      copied++;
      reuse({ path, contents: stored, key: knownKey }, { key: knownKey!, size: stored.byteLength, bytes: stored });
      continue;
    }
    const used: string[] = [];
    const bytes = Buffer.from(docTwin(source, page, input, absolute, recording(relative, used)));
    made++;
    const key = keyOf(used);
    keeping.store?.write(key, bytes);
    targets.set(text, used);
    keys.set(text, key);
    // Kept in the output, though not found in its llms-full.txt: made for llms-full.txt only.
    if (inOutput?.keyOf(path) === key) inOutput.keep(path, key);
    files.push(inOutput?.keyOf(path) === key ? { path } : { path, contents: bytes, key });
    parts.set(page.href, { key, size: bytes.byteLength, bytes });
  }
  for (const page of input.categories) files.push(byContent(inOutput, outputPath(markdownTwinHref(page.href)), categoryTwin(page, absolute)));
  files.push({ path: posix.join(posix.dirname(llmsPath), 'llms.txt'), contents: llmsTxt(input, absolute) });
  const inOrder = readingOrder(input).map((href) => parts.get(href)!);
  const llmsKey = hash(inOrder.map((part) => part.key).join('\n'));
  files.push(llmsFullFile(llmsPath, llmsKey, inOrder, keeping, storedLlms));
  // The site key made with this record's loose paths: the one worked out above when they are the same.
  const nextSite = recordedKeys && loose.size === record.loose.length ? site : siteKey(input, common, [...loose], leadsTo);
  const next = { targets, keys, site: nextSite, loose: [...loose], layouts: new Map() };
  const fromStoredLlms = inOrder.some((part) => part.bytes === undefined) && storedLlms !== undefined;
  return { files, made, docs: input.docs.length, keyed, copied, fromStoredLlms, record: nextRecord(record, next, llmsKey, inOrder, inOutput?.keyOf(llmsPath), made) };
}

/**
 * llms-full.txt, left in the output when it was made from the same key; else made from `parts`,
 * whose unchanged twins are copied from the output's last one or, in a fresh folder, from the
 * build cache's copy (`stored`), and then copied into the cache for the next such build.
 */
function llmsFullFile(path: string, key: string, parts: LlmsPart[], { inOutput, llmsFull }: TwinKeeping, stored: { key: string; file: string } | undefined): OutputFile {
  if (inOutput?.keyOf(path) === key) {
    inOutput.keep(path, key);
    return { path };
  }
  const oldFile = inOutput?.file(path) ?? stored?.file;
  const afterWritten = inOutput || !llmsFull ? undefined : (file: string) => llmsFull.store(key, file, stored?.key);
  return { path, key, chunks: () => llmsFullChunks(parts, oldFile), afterWritten };
}

/**
 * Everything a doc twin's key names besides the page's text and the targets of its links: the
 * settings (`common`); every page's file, address, folder, title and description (a link to a
 * page leads to its address); and where each path in `loose` leads now (links that led to no
 * page: a published file, whose address has its content's hash in it, or nothing). While it is
 * the same, a text whose targets are all pages or in `loose` makes the same key as last time.
 */
function siteKey(input: TwinInput, common: string, loose: string[], leadsTo: (relPath: string) => string): string {
  const docs = input.docs.map(({ source, page }) => [source.relPath, source.route, source.dir, page.href, page.title, page.description]);
  return hash(`${common}${JSON.stringify([[...input.routeByRelPath], docs])}\n${loose.map((relPath) => `${relPath}\t${leadsTo(relPath)}`).join('\n')}`);
}

/**
 * A file made whole, keyed by its text's hash: left in the output when it holds the same, so the
 * output neither hashes nor compares it (a category's twin is cheap to make, but hashing 600 of
 * them in the output was most of its work on a warm build).
 */
function byContent(inOutput: PagesInOutput | undefined, path: string, text: string): OutputFile {
  const key = hash(text);
  if (inOutput?.keyOf(path) !== key) return { path, contents: Buffer.from(text), key };
  inOutput.keep(path, key);
  return { path };
}

/** `relative`, noting the path under content/ of each target it is asked for in `used`. */
function recording(relative: RelativeTargets, used: string[]): RelativeTargets {
  return (dir, decoded) => {
    used.push(posix.join(dir, decoded));
    return relative(dir, decoded);
  };
}

function memoized(make: (from: string) => string): (from: string) => string {
  const made = new Map<string, string>();
  return (from) => {
    let value = made.get(from);
    if (value === undefined) made.set(from, (value = make(from)));
    return value;
  };
}

/**
 * The record for the next build: `next`'s targets, keys and site key, and the layouts of this
 * llms-full.txt and of the one the output holds now (still there if this build fails).
 * Undefined when nothing in it changed.
 */
function nextRecord(last: TwinRecord, next: TwinRecord, llmsKey: string, inOrder: LlmsPart[], inOutputKey: string | undefined, made: number): TwinRecord | undefined {
  if (made === 0 && next.site === last.site && next.targets.size === last.targets.size && last.layouts.has(llmsKey)) return undefined;
  const layouts = new Map([[llmsKey, inOrder.map(({ key, size }): [string, number] => [key, size])]]);
  const inOutput = inOutputKey !== undefined ? last.layouts.get(inOutputKey) : undefined;
  if (inOutput) layouts.set(inOutputKey!, inOutput);
  return { ...next, layouts };
}

function hash(data: string): string {
  return createHash('sha1').update(data).digest('hex');
}
