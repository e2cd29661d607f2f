// The shape of a fact check (./facts.ts, ./facts-people.ts), in a module of its own so that the
// lists of checks can share it without importing each other.

export interface Found {
  file: string;
  text: string;
}

export interface Check {
  fact: string;
  find: RegExp;
  agrees?: (match: RegExpExecArray, value: string, found: Found) => boolean;
  wrong: string;
  right?: string;
}
