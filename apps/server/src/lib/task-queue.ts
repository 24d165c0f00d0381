import type { FastifyBaseLogger } from 'fastify';

/**
 * Work done after the answer has gone out (mail), one task at a time in the
 * order queued, so a request's timing says nothing about what the task does.
 * A failed task is logged and the next one runs. Bounded: past `maxPending`
 * new tasks are dropped with a log line rather than queued without end.
 */
export interface TaskQueue {
  push(name: string, task: () => Promise<void>): void;
  /** Resolves when every task queued so far has finished (used on shutdown). */
  drain(): Promise<void>;
}

export function createTaskQueue(log: FastifyBaseLogger, maxPending = 1000): TaskQueue {
  let tail: Promise<void> = Promise.resolve();
  let pending = 0;
  return {
    push(name, task) {
      if (pending >= maxPending) {
        log.error({ task: name, pending }, 'background queue full: task dropped');
        return;
      }
      pending += 1;
      tail = tail
        // setImmediate: start only after the answer has been written, even when the queue is idle.
        .then(() => new Promise<void>((resolve) => setImmediate(resolve)))
        .then(task)
        .catch((err: unknown) => log.error({ err, task: name }, `background task failed: ${name}`))
        .finally(() => {
          pending -= 1;
        });
    },
    drain: () => tail,
  };
}
