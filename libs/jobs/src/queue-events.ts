import { FlowProducer, Queue, QueueEvents, type QueueBaseOptions, type QueueEventsOptions, type QueueOptions, RedisConnection } from 'bullmq';

/**
 * A BullMQ connection that closes and drops without hanging or failing when Redis is away.
 *
 * - BullMQ's disconnect() first waits for the client to be ready and then for its 'end', so it
 *   never returns while Redis is unreachable and the client keeps reconnecting (holding the
 *   process open). This one drops the client at once, ready or not.
 * - BullMQ's close() sends QUIT. On a client that is not ready, QUIT waits in the offline queue
 *   behind the commands still there and is flushed with them (MaxRetriesPerRequestError when
 *   `maxRetriesPerRequest` is a number); close() then rejects with that error, and every later
 *   close() of the same queue rejects again with it. A client that is not ready is dropped
 *   instead, which is all QUIT would have achieved. A ready client still gets its QUIT; if that
 *   fails (a frozen Redis times it out), the rejection reaches the caller once (closeWithin
 *   drops the connection then).
 */
export class DroppableRedisConnection extends RedisConnection {
  /**
   * A client handed in (a Cluster: BullMQ takes clusters only as clients, see bullConnection) is
   * this connection's own, made for it alone: it is closed with it, not left open as shared.
   */
  constructor(...[opts, extraOptions]: ConstructorParameters<typeof RedisConnection>) {
    super(opts, { ...extraOptions, shared: false });
  }

  override async disconnect(): Promise<void> {
    this._client.disconnect();
  }

  override close(force = false): Promise<void> {
    return super.close(force || this._client.status !== 'ready');
  }
}

/** A QueueEvents subscription whose close() and disconnect() work even when Redis never answered. */
export function openQueueEvents(name: string, options: QueueEventsOptions): QueueEvents {
  return new QueueEvents(name, options, DroppableRedisConnection);
}

/** A producer Queue whose close() and disconnect() work even when Redis is away (DroppableRedisConnection). */
export function openQueue(name: string, options: QueueOptions): Queue {
  return new Queue(name, options, DroppableRedisConnection);
}

/** A FlowProducer whose close() and disconnect() work even when Redis is away (DroppableRedisConnection). */
export function openFlowProducer(options: QueueBaseOptions): FlowProducer {
  return new FlowProducer(options, DroppableRedisConnection);
}
