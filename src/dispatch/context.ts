/** What a tool call runs with: the API client, files, the tools it may read through, and who calls. */
import type { AuditSink } from '../audit.js';
import type { UpstreamClient } from '../upstream/client.js';
import type { ClientLog } from '../upstream/log.js';
import type { ConsentChannel } from '../writes/consent.js';
import type { WriteSettings } from '../writes/call.js';
import type { FileAccess } from './files.js';
import type { Tool } from './summary.js';

export interface DispatchContext {
  upstream: UpstreamClient;
  files: FileAccess;
  /** The tools answers may read through (see AnswerSupplement and Summary), by name. */
  operations: ReadonlyMap<string, Tool>;
  /** How writes that move money are confirmed; absent: they are not guarded. */
  writes?: WriteSettings;
  /** Who is calling (issuer and subject in hosted mode, see auth/caller.ts); confirmations are bound to it. */
  caller?: string;
  /** Asking the person through the client (elicitation), where the client can. */
  consent?: ConsentChannel;
  /** Where each step of a write that moves money is recorded. */
  audit?: AuditSink;
  /** Characters of list rows one answer may carry; the rest waits behind a cursor. */
  answerBudget: number;
  /** API reads of one call in flight at once (see createReader); more wait their turn. */
  parallelReads: number;
  signal?: AbortSignal;
  /**
   * How long each read keeps asking again after 429, 503, 502, 504 and timeouts, waiting as
   * Retry-After says: set for the reads a write that moves money depends on. Absent: a read is
   * asked again only within one exchange's deadline, as the API client does on its own.
   */
  patienceMs?: number;
  /** Tells the client how a long call advances (each API page read), where it asked to hear. */
  progress?: (message: string) => void;
  /** Tells the client what the call does (API requests, retries, failures), where it asked to hear. */
  log?: ClientLog;
}
