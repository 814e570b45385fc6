import { describe, expect, it } from 'vitest';
import { namesRecordNumber } from '../../src/search/numbered.js';

describe('a record named by its number', () => {
  it('is found in the forms people write numbers in', () => {
    for (const request of [
      'Wann wurde die letzte Zahlung auf RE 2026-118 gebucht?',
      'invoice 0087 from Bokaap Joinery',
      "Is there still a bit owing? It's NEL-4471.",
      "Rainier Concrete's pay app #4",
      'Rechnung Nr. 4410 von Kältetechnik Brandt',
      'Teilzahlungen auf die AR 3 Müller Bau',
    ])
      expect(namesRecordNumber(request), request).toBe(true);
  });

  it('is no year, date, time, period, amount or quantity', () => {
    for (const request of [
      'pay 12,400 EUR on 12.04.2024',
      'what did we pay 3/1 through 3/31',
      'payments in 2024',
      'register 12400 EUR',
      'uploaded between 9am and 5pm',
      '£46,200 + VAT',
      'every payment to Kinsella Scaffolding in Q1',
      'the 2nd invoice, 31,480 kWh',
    ])
      expect(namesRecordNumber(request), request).toBe(false);
  });
});
