/**
 * Filters on date-time attributes take date-times (the API's example: 2022-08-05T15:04:07). A date
 * given alone stands for its whole day: its first second for a lower bound, its last for an upper
 * one. A date-time passes through as given.
 */
import type { FilterValue } from './operation.js';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const START_OF_DAY = 'T00:00:00';
const END_OF_DAY = 'T23:59:59';

/** How the server instructions say it (see FILTER_RULE). */
export const DATETIME_RULE = 'a date alone counts from its 00:00:00 or to its 23:59:59';

const at = (time: string) => (value: string) => (DATE.test(value.trim()) ? `${value.trim()}${time}` : value);

/** The value of filter `key` as the API takes it: dates on a date-time attribute widened to their day. */
export function datetimeBound(datetimes: readonly string[], key: string, value: FilterValue): FilterValue {
  const dot = key.lastIndexOf('.');
  if (!datetimes.includes(key.slice(0, dot)) || typeof value === 'boolean') return value;
  switch (key.slice(dot + 1)) {
    case 'greater_than_equal':
      return typeof value === 'string' ? at(START_OF_DAY)(value) : value;
    case 'less_than_equal':
      return typeof value === 'string' ? at(END_OF_DAY)(value) : value;
    case 'range': {
      const [from = '', to = ''] = Array.isArray(value) ? value : value.split(',');
      return [at(START_OF_DAY)(from), at(END_OF_DAY)(to)];
    }
    default:
      return value;
  }
}
