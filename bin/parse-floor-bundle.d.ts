/** Bundles bench/extra/parse-floor-child.ts of the helpgen checkout at `root` into `outfile`. */
export function bundleParseFloorChild(root: string, outfile: string): Promise<void>;
