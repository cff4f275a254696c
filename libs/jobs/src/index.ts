export * from './queues';
export * from './redis-options';
export * from './worker-runtime';
export * from './worker-bull-options';
export * from './render-jobs';
export * from './scorecard-jobs';
export * from './render-submitter';
export * from './close-quietly';
