import { createCoreTables, type CoreTables, type CustomFieldValue } from '../core/records.js';
import type { Dec, Money } from '../money.js';
import { Table, type Row } from '../table.js';
import type {
  BudgetShiftType,
  ContactSalutation,
  ContactTitle,
  ContactType,
  ContractUnitState,
  CostCategory,
  ProjectUsage,
  RentStatus,
  SalesUnitStatus,
} from '../core/enums.js';

/* FinCon-only records, next to the contract side FinCon shares with CAPEX (core/records.ts). */

export interface PropertyRecord extends Row {
  name: string;
  description: string;
  address: string;
  zip_code: string;
  city: string;
  country: string;
  date_created: string;
}

export interface ProjectRecord extends Row {
  name: string;
  identifier: string;
  description: string;
  property: string;
  default_contracting_entity: string;
  default_tax_rate: string;
  use_cost_elements: boolean;
  cost_element_tree_template: string | null;
  is_active: boolean;
  project_usage: ProjectUsage | null;
  estimated_start_date: string | null;
  estimated_end_date: string | null;
  gross_floor_area: string | null;
  effective_floor_area: string | null;
  residential_area: string | null;
  commercial_area: string | null;
  rental_area: string | null;
  gross_volume: string | null;
  commercial_usage_ratio: string | null;
  /** Custom field values by definition id (not an attribute; served by /projects/{id}/custom_fields/). */
  custom_fields: Record<string, CustomFieldValue>;
}

export interface ContractUnitRecord extends Row {
  name: string;
  description: string;
  project: string;
  state: ContractUnitState;
  /** Kept for the reporting endpoints; not an attribute of the contract unit resource. */
  initial_budget: Money | null;
  /** In projects using cost elements: the cost element the unit's costs are booked on. */
  cost_element: string | null;
}

export interface BudgetShiftRecord extends Row {
  project: string;
  source_contract_unit: string | null;
  target_contract_unit: string;
  budget_change_type: BudgetShiftType;
  reason: string;
  amount: Money;
  date_created: string;
}

export interface ContactRecord extends Row {
  type: ContactType;
  salutation: ContactSalutation;
  title: ContactTitle;
  first_name: string;
  last_name: string;
  name: string;
  description: string;
  address: string;
  zip_code: string;
  city: string;
  email: string;
  phone_number: string;
  date_created: string;
}

export interface CostElementTreeTemplateRecord extends Row {
  name: string;
  description: string;
  created_at: string;
}

export interface CostElementRecord extends Row {
  name: string;
  description: string;
  cost_category: CostCategory | null;
  parent: string | null;
  cost_element_tree_template: string | null;
}

/** Budget a project using cost elements plans on one cost element (reporting only). */
export interface CostElementBudgetRecord extends Row {
  project: string;
  cost_element: string;
  initial_budget: Money;
}

export interface SalesUnitRecord extends Row {
  project: string;
  name: string;
  status: SalesUnitStatus;
  listed_price: Money;
  sold_price: Money;
  selling_date: string;
}

export interface RentUnitRecord extends Row {
  project: string;
  name: string;
  status: RentStatus;
  payment_start_date: string;
  payment_end_date: string;
  real_case_total: Money;
  /** Gross totals (GrossMoney in the API). */
  recorded_payments_total: Dec;
  overdue_payments_total: Dec;
}

export interface OutrightSaleRecord extends Row {
  project: string;
  name: string;
  /** Filterable, not shown. */
  identifier: string;
  total_planned_revenues: Money;
  total_recorded_payments: Money;
}

export interface FinconTables extends CoreTables {
  properties: Table<PropertyRecord>;
  projects: Table<ProjectRecord>;
  contractUnits: Table<ContractUnitRecord>;
  budgetShifts: Table<BudgetShiftRecord>;
  contacts: Table<ContactRecord>;
  costElementTemplates: Table<CostElementTreeTemplateRecord>;
  costElements: Table<CostElementRecord>;
  costElementBudgets: Table<CostElementBudgetRecord>;
  salesUnits: Table<SalesUnitRecord>;
  rentUnits: Table<RentUnitRecord>;
  outrightSales: Table<OutrightSaleRecord>;
}

export function createFinconTables(): FinconTables {
  return {
    ...createCoreTables(),
    properties: new Table(),
    projects: new Table(),
    contractUnits: new Table(['project']),
    budgetShifts: new Table(),
    contacts: new Table(),
    costElementTemplates: new Table(),
    costElements: new Table(['cost_element_tree_template']),
    costElementBudgets: new Table(['project']),
    salesUnits: new Table(),
    rentUnits: new Table(),
    outrightSales: new Table(),
  };
}
