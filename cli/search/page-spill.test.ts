import { describe, expect, it } from 'vitest';
import { readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { PageSpill } from './page-spill.ts';

const spillFolders = () => readdirSync(tmpdir()).filter((name) => name.startsWith('helpgen-index-')).sort();

describe('the page spill', () => {
  it('gives each page back as it was added, in order, and leaves no file behind', () => {
    const before = spillFolders();
    const spill = new PageSpill();
    const pages = ['["/a","A","1",[],[["Text."]]]', '["/b","Café — crème","12",[],[["…"],["Ünïcödé ⋯"]]]', '[]'];
    for (const page of pages) spill.add(page);
    expect(spill.length).toBe(3);
    expect(spillFolders().length).toBe(before.length + 1);
    expect([2, 0, 1].map((i) => spill.get(i))).toEqual([pages[2], pages[0], pages[1]]);
    spill.close();
    expect(spillFolders()).toEqual(before);
    expect(spill.length).toBe(0);
  });
});
