// @ts-check
/** Module loading hooks (they run on a thread of their own): every loaded URL goes to the main thread. */

/** @type {import('node:worker_threads').MessagePort | undefined} */
let port;

/** @param {{ port: import('node:worker_threads').MessagePort }} data */
export function initialize(data) {
  port = data.port;
}

/**
 * @param {string} url
 * @param {unknown} context
 * @param {(url: string, context: unknown) => Promise<unknown>} next
 */
export async function load(url, context, next) {
  port?.postMessage(url);
  return next(url, context);
}
