import { RENT_STATUSES, SALES_UNIT_STATUSES } from '../../core/enums.js';
import { renderGross, renderMoney } from '../../money.js';
import { COMPARISONS_OR_NULL, filterOn, type FilterSpecs } from '../../query.js';
import { getOne, listOf, REPORTING_PAGE_SIZE, type Resource } from '../../resource.js';
import type { RouteSpec } from '../../router.js';
import type { OutrightSaleRecord, RentUnitRecord, SalesUnitRecord } from '../records.js';

/* Revenue views of the Reporting API: outright sales, rent units and sales units (seeded, read-only). */

const outrightSaleResource: Resource<OutrightSaleRecord> = {
  type: 'OUTRIGHT_SALE_FINANCIALS',
  label: 'Outright sale',
  table: (store) => store.fincon.outrightSales,
  attributes: (sale) => ({
    name: sale.name,
    project: sale.project,
    total_planned_revenues: renderMoney(sale.total_planned_revenues),
    total_recorded_payments: renderMoney(sale.total_recorded_payments),
  }),
};

const rentUnitResource: Resource<RentUnitRecord> = {
  type: 'RENT_UNIT_FINANCIALS',
  label: 'Rent unit',
  table: (store) => store.fincon.rentUnits,
  attributes: (unit) => ({
    name: unit.name,
    project: unit.project,
    status: unit.status,
    payment_start_date: unit.payment_start_date,
    payment_end_date: unit.payment_end_date,
    real_case_total: renderMoney(unit.real_case_total),
    recorded_payments_total: renderGross(unit.recorded_payments_total),
    overdue_payments_total: renderGross(unit.overdue_payments_total),
  }),
};

const salesUnitResource: Resource<SalesUnitRecord> = {
  type: 'SALES_UNIT_FINANCIALS',
  label: 'Sales unit',
  table: (store) => store.fincon.salesUnits,
  attributes: (unit) => ({
    name: unit.name,
    project: unit.project,
    status: unit.status,
    selling_date: unit.selling_date,
    listed_price: renderMoney(unit.listed_price),
    sold_price: renderMoney(unit.sold_price),
  }),
};

const outrightSaleFilters: FilterSpecs<OutrightSaleRecord> = {
  id: filterOn.ids(),
  name: filterOn.text(),
  identifier: { ...filterOn.text(), value: (sale) => sale.identifier },
  total_planned_revenues: filterOn.money(COMPARISONS_OR_NULL),
  total_recorded_payments: filterOn.money(COMPARISONS_OR_NULL),
  project: filterOn.ids(),
};

const rentUnitFilters: FilterSpecs<RentUnitRecord> = {
  id: filterOn.ids(),
  name: filterOn.text(),
  status: filterOn.choice(RENT_STATUSES),
  payment_start_date: filterOn.date(COMPARISONS_OR_NULL),
  payment_end_date: filterOn.date(COMPARISONS_OR_NULL),
  real_case_total: filterOn.money(COMPARISONS_OR_NULL),
  recorded_payments_total: { ...filterOn.decimal(COMPARISONS_OR_NULL), value: (unit) => unit.recorded_payments_total.toFixed() },
  overdue_payments_total: { ...filterOn.decimal(COMPARISONS_OR_NULL), value: (unit) => unit.overdue_payments_total.toFixed() },
  project: filterOn.ids(),
};

const salesUnitFilters: FilterSpecs<SalesUnitRecord> = {
  id: filterOn.ids(),
  name: filterOn.text(),
  status: filterOn.choice(SALES_UNIT_STATUSES),
  selling_date: filterOn.date(COMPARISONS_OR_NULL),
  sold_price: filterOn.money(COMPARISONS_OR_NULL),
  listed_price: filterOn.money(COMPARISONS_OR_NULL),
  project: filterOn.ids(),
};

const pageSize = REPORTING_PAGE_SIZE;

export const revenueRoutes: RouteSpec[] = [
  {
    method: 'GET',
    path: '/reporting/outright_sales/',
    handler: listOf(outrightSaleResource, { filters: outrightSaleFilters, pageSize }),
  },
  { method: 'GET', path: '/reporting/outright_sales/{id}/', handler: getOne(outrightSaleResource) },
  { method: 'GET', path: '/reporting/rent_units/', handler: listOf(rentUnitResource, { filters: rentUnitFilters, pageSize }) },
  { method: 'GET', path: '/reporting/rent_units/{id}/', handler: getOne(rentUnitResource) },
  { method: 'GET', path: '/reporting/sales_units/', handler: listOf(salesUnitResource, { filters: salesUnitFilters, pageSize }) },
  { method: 'GET', path: '/reporting/sales_units/{id}/', handler: getOne(salesUnitResource) },
];
