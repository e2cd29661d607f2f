import { describe, expect, it } from 'vitest';
import { parseArgs, USAGE, USAGE_TEXT } from './args.ts';

const flags = (text: string) => [...new Set(text.match(/--[a-z][a-z-]*/g) ?? [])].sort();

describe('npm run bench -- --help', () => {
  it('asks for the help text and nothing else', () => {
    const args = parseArgs(['--help'], '/repo');
    expect(args.help).toBe(true);
    expect(parseArgs([], '/repo').help).toBe(false);
  });

  it('lists every option the bench accepts, and accepts every option it lists', () => {
    expect(flags(USAGE_TEXT)).toEqual(flags(USAGE));
    for (const flag of flags(USAGE_TEXT)) {
      // A value after each flag: options that take one get it, the others leave it as a stray word.
      const parse = () => parseArgs([flag, '170'], '/repo');
      try {
        parse();
      } catch (error) {
        expect((error as Error).message, flag).not.toMatch(/^unknown option --/);
      }
    }
  });

  it('points an unknown option to --help', () => {
    expect(() => parseArgs(['--sizez', '170'], '/repo')).toThrow(/unknown option --sizez .*--help/);
  });
});
