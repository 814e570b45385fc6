import type { LoggingLevel } from '@modelcontextprotocol/server';

/**
 * Where the API client and the layers above it tell what they do, when a client asked to hear
 * it: a level, the logger's name (e.g. "api") and the message, built only when it is wanted.
 */
export type ClientLog = (level: LoggingLevel, logger: string, message: () => string) => void;
