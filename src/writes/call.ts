/**
 * What the write path is given: the settings every call shares, and one call of a tool that
 * moves money with the means to read its state and to send it. The dispatcher builds these; the
 * write path knows no HTTP and no tool by name.
 */
import type { CallToolResult, InputRequiredResult } from '@modelcontextprotocol/server';
import type { AuditSink } from '../audit.js';
import type { StateStore } from '../state/store.js';
import type { ClientLog } from '../upstream/log.js';
import type { ConsentChannel } from './consent.js';
import type { WriteJudge } from './judge.js';
import type { ConfirmationSeal } from './seal.js';

type Args = Readonly<Record<string, unknown>>;

/** The answer to a tool call: a result, or (2026-07-28) a request for input the client retries with. */
export type ToolAnswer = CallToolResult | InputRequiredResult;

/** How writes that move money are confirmed, for every call. */
export interface WriteSettings {
  seal: ConfirmationSeal;
  /** auto: ask the person where the client can, else preview and confirmation; token: always the latter; off: no guard. */
  mode: 'auto' | 'token' | 'off';
  /** Where used confirmations, leases and writes of unknown fate are kept. */
  store: StateStore;
  /**
   * How long a call waits for another that holds its confirmation or its resource (a duplicate
   * for the first call's outcome, a write for the one before it on the same invoice).
   */
  waitMs: number;
  /** How long each read such a write depends on keeps asking again after 429, 503 and timeouts. */
  readBudgetMs: number;
  /**
   * The deadline of one API exchange (--timeout-ms): a write whose answer was lost may still be
   * under way at the API until then, so it is not called "not made" before.
   */
  exchangeMs: number;
}

/** Who makes the call and where its steps are told. */
export interface Caller {
  /** The identity confirmations are bound to (issuer and subject in hosted mode, "local" on stdio). */
  id: string;
  /** Asking the person through the client (elicitation), where the client can. */
  consent?: ConsentChannel;
  audit?: AuditSink;
  log?: ClientLog;
}

/** What sending a write came to. */
export interface Sent {
  result: CallToolResult;
  /** The write may or may not have been applied (its answer was lost or unreadable). */
  ambiguous: boolean;
  /** The API's id for the request, where it gives one (x-request-id). */
  requestId?: string;
  /** The HTTP status, when the API answered at all (a 5xx says it finished with the write, however it ended). */
  status?: number;
  /** Certainly nothing was done: the API turned the write away (429), or it never left this server. */
  untouched?: boolean;
  /** When the API said to come back (429). */
  retryAfterMs?: number;
}

/** The state a write depends on could not be read, however patiently; nothing was sent. */
export class StateUnreadable extends Error {
  override name = 'StateUnreadable';
}

/** A tool that moves money as the write path sees it: its judge, and how to read its state. */
export interface GuardedTool {
  judge: WriteJudge;
  /** Reads the state a call with `args` depends on, riding out 429 and 503; throws StateUnreadable. */
  readState(args: Args): Promise<unknown>;
}

/** One call of a guarded tool. */
export interface GuardedCall extends GuardedTool {
  tool: string;
  args: Args;
  /** Sends the write, once. */
  send(): Promise<Sent>;
  /** Another guarded tool, by name: to settle its writes of unknown fate on the same resource. */
  other(tool: string): GuardedTool | undefined;
}
