import { describe, expect, it } from 'vitest';
import { OPTIONS, parseArgs, USAGE_TEXT } from './args.ts';

const flags = (text: string) => [...new Set(text.match(/--[a-z][a-z-]*/g) ?? [])].sort();

describe('npm run bench -- --help', () => {
  it('asks for the help text and nothing else', () => {
    expect(parseArgs(['--help'], '/repo').help).toBe(true);
    expect(parseArgs(['-h'], '/repo').help).toBe(true);
    expect(parseArgs([], '/repo').help).toBe(false);
  });

  it('lists every option the bench accepts, and accepts every option it lists', () => {
    expect(flags(USAGE_TEXT)).toEqual(Object.keys(OPTIONS).sort());
  });

  it('points an unknown option to --help', () => {
    expect(() => parseArgs(['--sizez', '170'], '/repo')).toThrow(/unknown option --sizez .*--help/);
  });

  it('reads the values options take, and --huge with or without its page count', () => {
    const args = parseArgs(['--sizes', '170,1700', '--runs', '2', '--trace-first-results', '/support/a', 'x,y', '--huge', '--no-dev'], '/repo');
    expect(args).toMatchObject({ sizes: [170, 1700], runs: 2, traceFirstResults: { route: '/support/a', dirs: ['x', 'y'] }, huge: 50_000, dev: false });
    expect(parseArgs(['--huge', '20000'], '/repo').huge).toBe(20_000);
  });
});
