export * from './console-sessions';
