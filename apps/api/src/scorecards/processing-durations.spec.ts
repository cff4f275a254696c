import { ASSUMED_PROCESSING_MS, inProgressRetryAfterSeconds, ProcessingDurations } from './processing-durations';

describe('ProcessingDurations', () => {
  it('assumes a default until it has seen requests, then takes the 90th percentile of the recent ones', () => {
    const durations = new ProcessingDurations();
    expect(durations.typicalMs()).toBe(ASSUMED_PROCESSING_MS);
    for (let i = 1; i <= 10; i++) durations.record(i * 100);
    expect(durations.typicalMs()).toBe(1000);
    for (let i = 0; i < 40; i++) durations.record(300);
    expect(durations.typicalMs()).toBe(300);
  });
});

describe('inProgressRetryAfterSeconds', () => {
  const started = 1_000_000;
  const deadline = started + 30_000;
  it('tells the typical time left, not the deadline', () => {
    expect(inProgressRetryAfterSeconds(started, deadline, 300, started + 100)).toBe(1);
    expect(inProgressRetryAfterSeconds(started, deadline, 4_200, started + 1_000)).toBe(4);
  });
  it('never says less than 1 s, nor more than the deadline leaves', () => {
    expect(inProgressRetryAfterSeconds(started, deadline, 300, started + 5_000)).toBe(1);
    expect(inProgressRetryAfterSeconds(started, deadline, 60_000, started + 20_000)).toBe(10);
  });
});
