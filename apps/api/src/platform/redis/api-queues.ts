import type { Queue } from 'bullmq';
import type { QueueName } from '@caddie/jobs';

/** Every producer queue of the API by name, for what serves them all alike (readiness, metrics, waits, shutdown). */
export const QUEUES = Symbol('QUEUES');
export type ApiQueues = Record<QueueName, Queue>;
