import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { CompactIndexBuilder, analyseDocument, type AnalysedDocument } from './compact-index.ts';
import { SectionTable } from './section-table.ts';

// A full collection on demand, to tell what the builder still holds.
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

function section(n: number): AnalysedDocument {
  return analyseDocument({ title: n % 4 === 0 ? `Locking cells ${n}` : '', heading: n % 4 ? `Locked rows and locking ${n}` : '', context: '', keywords: '', meta: '', body: `Lock a cell, then unlock it again (${n}).` });
}

/** Adds `count` sections (in a frame of its own, which ends before the collection), and answers what watches each one's analysis. */
function addSections(builder: CompactIndexBuilder, count: number): WeakRef<object>[] {
  const held: WeakRef<object>[] = [];
  for (let id = 0; id < count; id++) {
    const document = section(id);
    held.push(new WeakRef(document.forms), new WeakRef(document.lengths));
    builder.addAnalysed(id, document);
  }
  return held;
}

describe('SectionTable', () => {
  it('gives back each section\'s lengths, name terms and written forms, and the averages of the fields it has', () => {
    const table = new SectionTable();
    const documents = [section(0), section(1), section(2)];
    for (const document of documents) table.add(document);
    documents.forEach((document, id) => {
      expect(document.lengths.map((_, field) => table.fieldLength(id, field))).toEqual(document.lengths);
      expect(table.nameTermsOf(id)).toBe(document.nameTerms);
      for (const [term, forms] of document.forms) expect(table.formsOf(id, term)).toEqual(forms);
    });
    expect(table.formsOf(1, -1)).toEqual([]);
    // The title field is present in section 0 only: its average is that section's length.
    expect(table.averages((x) => x)[0]).toBe(documents[0]!.lengths[0]);
    table.replace(1, documents[0]!);
    for (const [term, forms] of documents[0]!.forms) expect(table.formsOf(1, term)).toEqual(forms);
    expect(table.formsOf(2, [...documents[2]!.forms.keys()][0]!)).toEqual([...documents[2]!.forms.values()][0]);
  });

  it('lets a production index drop each section\'s analysis once it has its numbers', async () => {
    const builder = new CompactIndexBuilder({ spilled: true });
    const held = addSections(builder, 50);
    // WeakRefs made in this turn hold their targets until it ends.
    await new Promise((resolve) => setImmediate(resolve));
    collectGarbage();
    // Held, all 100 objects would stay. V8 itself may keep one section's alive a while: Node 24
    // kept the 30th of 50, where its compiler took over the loop that made them.
    expect(held.filter((ref) => ref.deref() !== undefined).length).toBeLessThanOrEqual(held.length / 10);
    const index = builder.finish();
    expect(index.documentCount).toBe(50);
    expect(index.terms).toContain('lock');
  });
});
