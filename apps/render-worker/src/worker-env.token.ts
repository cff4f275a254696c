export const WORKER_ENV = Symbol('WORKER_ENV');
