/** A date on a date-time filter stands for its whole day; anything else goes as given. */
import { describe, expect, it } from 'vitest';
import { datetimeBound } from '../../src/dispatch/datetime-filters.js';

const datetimes = ['date_approved'];

describe('a date-time filter value', () => {
  it('starts a lower bound at the day’s first second and ends an upper one at its last', () => {
    expect(datetimeBound(datetimes, 'date_approved.greater_than_equal', '2025-03-04')).toBe('2025-03-04T00:00:00');
    expect(datetimeBound(datetimes, 'date_approved.less_than_equal', '2025-03-04')).toBe('2025-03-04T23:59:59');
    expect(datetimeBound(datetimes, 'date_approved.range', ['2025-03-01', '2025-03-31'])).toEqual([
      '2025-03-01T00:00:00',
      '2025-03-31T23:59:59',
    ]);
    expect(datetimeBound(datetimes, 'date_approved.range', '2025-03-01,2025-03-31T12:00:00Z')).toEqual([
      '2025-03-01T00:00:00',
      '2025-03-31T12:00:00Z',
    ]);
  });

  it('passes date-times, null tests and other attributes through', () => {
    expect(datetimeBound(datetimes, 'date_approved.less_than_equal', '2025-03-04T08:00:00+01:00')).toBe(
      '2025-03-04T08:00:00+01:00',
    );
    expect(datetimeBound(datetimes, 'date_approved.is', true)).toBe(true);
    expect(datetimeBound(datetimes, 'date_due.less_than_equal', '2025-03-04')).toBe('2025-03-04');
  });
});
