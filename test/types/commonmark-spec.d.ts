// commonmark-spec ships the CommonMark spec's examples without types.
declare module 'commonmark-spec' {
  export interface SpecExample {
    markdown: string;
    html: string;
    section: string;
    number: number;
  }
  export const tests: SpecExample[];
  export const text: string;
}
