/** Percentiles and markdown tables for the benchmarks. */

/**
 * The p-th percentile (0-100) of the samples, nearest rank.
 * @param {number[]} samples
 * @param {number} p
 * @returns {number}
 */
export function percentile(samples, p) {
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] ?? Number.NaN;
}

/**
 * A markdown table: a header row and rows of cells.
 * @param {string[]} header
 * @param {string[][]} rows
 */
export function table(header, rows) {
  /** @param {string[]} cells */
  const line = (cells) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

/** @param {number} value */
export const ms = (value) => `${value.toFixed(1)} ms`;
/** @param {number} value */
export const mib = (value) => `${value.toFixed(0)} MB`;
/** @param {number} value */
export const ratio = (value) => `${value.toFixed(2)}x`;
/** "met" or "MISSED", for a figure against its target. @param {boolean} met */
export const verdict = (met) => (met ? 'met' : 'MISSED');
