// `npm run fuzz [-- --count N --seed S --batch B]`: the large run of the hostile-input fuzz
// (./run.ts). Prints its progress, then each finding with the documents to replay, and exits 1
// when there is one.
import { parseArgs } from 'node:util';
import { runFuzz } from './run.ts';

export async function main(argv: string[], root: string): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: { count: { type: 'string', default: '10000' }, seed: { type: 'string', default: '1' }, batch: { type: 'string', default: '250' } },
  });
  const [count, seed, batchSize] = [values.count, values.seed, values.batch].map(Number) as [number, number, number];
  if (![count, seed, batchSize].every(Number.isInteger) || count < 1 || batchSize < 1) {
    process.stderr.write('error: --count, --seed and --batch take whole numbers (count and batch at least 1)\n');
    return 1;
  }
  const started = performance.now();
  const result = await runFuzz({ root, count, seed, batchSize, log: (line) => process.stdout.write(`${line}\n`) });
  const seconds = ((performance.now() - started) / 1000).toFixed(0);
  process.stdout.write(`\nfuzz: ${result.documents} documents (seed ${seed}) in ${result.builds} builds, ${seconds} s; ${result.refused} refused with a located error; ${result.findings.length} findings\n`);
  for (const finding of result.findings) {
    process.stdout.write(`\n${finding.kind} in a build of ${finding.documents.length} documents (${finding.documents.slice(0, 5).join(', ')}${finding.documents.length > 5 ? ', …' : ''}):\n${finding.detail}\n`);
  }
  return result.findings.length ? 1 : 0;
}
