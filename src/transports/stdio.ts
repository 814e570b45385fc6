import type { McpServer } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';

/**
 * Serves one client over stdin/stdout (both protocol eras). stdout carries only
 * protocol messages; everything else goes to stderr. Resolves when the client
 * closes stdin or the process is asked to stop.
 */
export function serveOverStdio(createServer: () => McpServer): Promise<void> {
  const handle = serveStdio(createServer, {
    onerror: (error) => console.error(`stdio: ${error.message}`),
  });
  return new Promise((resolve) => {
    const stop = () => void handle.close().finally(resolve);
    process.stdin.once('end', stop);
    process.stdin.once('close', stop);
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
}
