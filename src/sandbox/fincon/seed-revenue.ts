import { addDays, HORIZON, withTax } from '../core/seed-kit.js';
import { Dec, money, type Money } from '../money.js';
import type { Random } from '../random.js';
import type { FinconTables, ProjectRecord } from './records.js';
import { LETTINGS, OUTRIGHT_SALES, SALES } from './seed-catalog.js';

/** The revenue side of the projects that sell or let units (reporting only). */

export function seedRevenue(tables: FinconTables, projects: readonly ProjectRecord[], random: Random): void {
  const projectNamed = (name: string) => projects.find((project) => project.name === name) as ProjectRecord;
  for (const sale of SALES) {
    const project = projectNamed(sale.project);
    for (const house of sale.houses) {
      for (let unit = 1; unit <= sale.perHouse; unit++) {
        const area = random.int(48, 132);
        const listed = new Dec(area).times(sale.pricePerSqm).times(random.int(95, 110)).dividedBy(100).toDecimalPlaces(0);
        const status = random.pick(['OPEN', 'RESERVED', 'SOLD', 'SOLD'] as const);
        const sold = status === 'SOLD' ? listed.times(random.int(96, 100)).dividedBy(100).toDecimalPlaces(0) : new Dec(0);
        tables.salesUnits.insert({
          id: random.uuid(),
          project: project.id,
          name: `${house.length === 1 ? `Haus ${house}` : house}, WE ${String(unit).padStart(2, '0')} (${area} m²)`,
          status,
          // Residential sales carry no VAT.
          listed_price: money(listed, 0),
          sold_price: money(sold, 0),
          selling_date: addDays(project.estimated_start_date as string, random.int(120, 900)),
        });
      }
    }
  }
  for (const letting of LETTINGS) {
    const project = projectNamed(letting.project);
    for (let unit = 1; unit <= letting.count; unit++) {
      const rent = new Dec(letting.monthlyRent).times(random.int(70, 130)).dividedBy(100).toDecimalPlaces(0);
      const start = addDays(project.estimated_end_date as string, random.int(-90, 120));
      const months = random.pick([60, 120, 180]);
      const status =
        start <= HORIZON ? random.pick(['RENTED', 'RENTED', 'COMPLETED'] as const) : random.pick(['PLANNED', 'RENTED'] as const);
      const running =
        status === 'PLANNED' || start > HORIZON
          ? 0
          : Math.max(1, Math.round((Date.parse(HORIZON) - Date.parse(start)) / 2_629_800_000));
      const monthlyGross = rent.times('1.19');
      tables.rentUnits.insert({
        id: random.uuid(),
        project: project.id,
        name: `${letting.prefix} ${String(unit).padStart(2, '0')}`,
        status,
        payment_start_date: start,
        payment_end_date: addDays(start, months * 30),
        real_case_total: withTax(rent.times(months)),
        recorded_payments_total: monthlyGross.times(running).toDecimalPlaces(2),
        overdue_payments_total: running > 0 && random.chance(0.15) ? monthlyGross : new Dec(0),
      });
    }
  }
  for (const sale of OUTRIGHT_SALES) {
    const planned: Money = withTax(new Dec(sale.price));
    tables.outrightSales.insert({
      id: random.uuid(),
      project: projectNamed(sale.project).id,
      name: sale.name,
      identifier: sale.identifier,
      total_planned_revenues: planned,
      total_recorded_payments: money(
        planned.net.times(sale.paidShare).toDecimalPlaces(2),
        planned.tax.times(sale.paidShare).toDecimalPlaces(2),
      ),
    });
  }
}
