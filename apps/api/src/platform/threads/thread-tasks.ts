import { parentPort } from 'node:worker_threads';

/** What a pool thread posts: that its module has loaded, or the output of its current task. */
export type ThreadMessage<Out> = { kind: 'ready' } | { kind: 'done'; output: Out };

/** The thread side of WorkerThreadPool: answers each task with `handle`, after saying it is ready. */
export function serveThreadTasks<In, Out>(handle: (input: In) => Out): void {
  const port = parentPort!;
  port.on('message', (input: In) => port.postMessage({ kind: 'done', output: handle(input) } satisfies ThreadMessage<Out>));
  port.postMessage({ kind: 'ready' } satisfies ThreadMessage<Out>);
}
