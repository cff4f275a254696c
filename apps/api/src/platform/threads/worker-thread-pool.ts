import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Worker, type ResourceLimits } from 'node:worker_threads';
import type { ThreadMessage } from './thread-tasks';

/** All threads are busy and the queue is full. */
export class ThreadPoolBusyError extends Error {}
/** The task did not finish (queue wait included) within its time; its thread was stopped. */
export class ThreadTaskTimeoutError extends Error {}
/** The thread died under the task (out of memory, a native crash). */
export class ThreadTaskCrashedError extends Error {}

export interface WorkerThreadPoolOptions {
  /** the thread's module, without extension: its compiled `.js`, or its `.ts` when running from sources */
  modulePath: string;
  threads: number;
  /** tasks that may wait for a thread (started tasks not counted) */
  queueLimit: number;
  resourceLimits?: ResourceLimits;
}

interface Task<In, Out> {
  input: In;
  resolve(value: Out): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
  thread: PoolThread<In, Out> | null;
}

interface PoolThread<In, Out> {
  worker: Worker;
  /** its module has loaded: tasks go only to ready threads */
  ready: boolean;
  task: Task<In, Out> | null;
}

/**
 * A few worker threads for CPU-bound work the API must not do on its event loop. Threads start on
 * first use (most API processes never need them) and answer one task at a time; a task that runs
 * past its time gets its thread terminated, since synchronous work cannot be interrupted otherwise.
 */
export class WorkerThreadPool<In, Out> {
  private readonly threads: PoolThread<In, Out>[] = [];
  private readonly queue: Task<In, Out>[] = [];
  private closed = false;

  constructor(private readonly options: WorkerThreadPoolOptions) {}

  run(input: In, timeoutMs: number): Promise<Out> {
    if (this.closed) return Promise.reject(new ThreadPoolBusyError('the pool is closed'));
    if (this.queue.length >= this.options.queueLimit) {
      return Promise.reject(new ThreadPoolBusyError(`${this.options.threads} threads busy and ${this.queue.length} tasks waiting`));
    }
    return new Promise<Out>((resolve, reject) => {
      const task: Task<In, Out> = { input, resolve, reject, thread: null, timer: setTimeout(() => this.expire(task, timeoutMs), timeoutMs) };
      this.queue.push(task);
      this.dispatch();
    });
  }

  /** Starts every thread and resolves once all have loaded their module (or after `timeoutMs`). */
  async warm(timeoutMs: number): Promise<void> {
    while (this.threads.length < this.options.threads) this.startThread();
    const deadline = Date.now() + timeoutMs;
    while (this.threads.some((t) => !t.ready) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  }

  /** Tasks running and waiting now. */
  load(): { running: number; waiting: number } {
    return { running: this.threads.filter((t) => t.task).length, waiting: this.queue.length };
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const task of this.queue.splice(0)) this.settle(task, new ThreadPoolBusyError('the pool is closing'));
    await Promise.all(this.threads.splice(0).map((thread) => thread.worker.terminate()));
  }

  private dispatch(): void {
    while (this.threads.length < Math.min(this.options.threads, this.queue.length + this.threads.filter((t) => t.task).length)) this.startThread();
    while (this.queue.length) {
      const thread = this.threads.find((t) => t.ready && !t.task);
      if (!thread) return;
      const task = this.queue.shift()!;
      task.thread = thread;
      thread.task = task;
      thread.worker.postMessage(task.input);
    }
  }

  private startThread(): PoolThread<In, Out> {
    const entry = threadEntry(this.options.modulePath);
    const worker = new Worker(entry.filename, { eval: entry.eval, resourceLimits: this.options.resourceLimits });
    const thread: PoolThread<In, Out> = { worker, ready: false, task: null };
    worker.on('message', (message: ThreadMessage<Out>) => {
      if (message.kind === 'ready') thread.ready = true;
      else {
        const task = thread.task;
        thread.task = null;
        if (task) this.settle(task, null, message.output);
      }
      this.dispatch();
    });
    const lost = (error: Error) => {
      this.remove(thread);
      if (thread.task) this.settle(thread.task, new ThreadTaskCrashedError(error.message));
      thread.task = null;
      this.dispatch();
    };
    worker.on('error', lost);
    worker.on('exit', (code) => lost(new Error(`thread exited with code ${code}`)));
    this.threads.push(thread);
    return thread;
  }

  private expire(task: Task<In, Out>, timeoutMs: number): void {
    const error = new ThreadTaskTimeoutError(`not finished within ${timeoutMs} ms`);
    const queued = this.queue.indexOf(task);
    if (queued >= 0) this.queue.splice(queued, 1);
    const thread = task.thread;
    if (thread && thread.task === task) {
      thread.task = null;
      this.remove(thread);
      void thread.worker.terminate();
    }
    this.settle(task, error);
    this.dispatch();
  }

  private remove(thread: PoolThread<In, Out>): void {
    const at = this.threads.indexOf(thread);
    if (at >= 0) this.threads.splice(at, 1);
  }

  private settle(task: Task<In, Out>, error: Error | null, output?: Out): void {
    clearTimeout(task.timer);
    if (error) task.reject(error);
    else task.resolve(output as Out);
  }
}

/**
 * The compiled module when there is one (dist). Under the TypeScript test runner only the `.ts`
 * source exists and a thread has no transpiler, so it first loads the test runner's small one.
 */
function threadEntry(modulePath: string): { filename: string; eval: boolean } {
  if (existsSync(`${modulePath}.js`)) return { filename: `${modulePath}.js`, eval: false };
  const loader = join(__dirname, '..', '..', '..', '..', '..', 'test', 'support', 'typescript-thread-loader.js');
  return { filename: `require(${JSON.stringify(loader)}); require(${JSON.stringify(`${modulePath}.ts`)});`, eval: true };
}
