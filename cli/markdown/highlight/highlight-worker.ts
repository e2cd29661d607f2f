// The highlight worker's entry point (see ./highlighter.ts): highlights code blocks in the
// order they arrive and answers each by its id.
import { getHighlighter, highlightCode, type CodeRequest } from './shiki.ts';
import { lowerThreadPriority } from '../../pipeline/thread-priority.ts';
import { serveTasks } from '../../pipeline/worker-pool.ts';

lowerThreadPriority();
getHighlighter().catch(() => undefined); // start compiling shiki's WebAssembly before the first block arrives

serveTasks((request: CodeRequest) => highlightCode(request));
