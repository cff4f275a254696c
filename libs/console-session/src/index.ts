export { type ConsoleSession, ConsoleSessionError, ConsoleSessions } from './console-sessions';
