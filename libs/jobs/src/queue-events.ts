import { QueueEvents, type QueueEventsOptions, RedisConnection } from 'bullmq';

/**
 * BullMQ's own disconnect() first waits for the client to be ready, so it never returns while
 * Redis is unreachable and the client keeps reconnecting (holding the process open). This one
 * drops the client at once, ready or not, which is what closeWithin's fallback needs.
 */
class DroppableRedisConnection extends RedisConnection {
  override async disconnect(): Promise<void> {
    this._client.disconnect();
  }
}

/** A QueueEvents subscription whose disconnect() works even when Redis never answered. */
export function openQueueEvents(name: string, options: QueueEventsOptions): QueueEvents {
  return new QueueEvents(name, options, DroppableRedisConnection);
}
