import type { Money, Dec } from '../money.js';
import { Table, type Row } from '../store.js';
import type {
  BudgetShiftType,
  ContractStatus,
  ContractType,
  ContractUnitState,
  InvoiceProcessState,
  InvoiceType,
  ProjectUsage,
  TagColor,
  TaxAuthority,
} from './enums.js';

/*
 * Stored FinCon records. Field names follow the API's attribute names, and references
 * to other records are their uuids, as the API exposes them. Dates are YYYY-MM-DD,
 * timestamps ISO 8601 in UTC.
 */

export interface PropertyRecord extends Row {
  name: string;
  description: string;
  address: string;
  zip_code: string;
  city: string;
  country: string;
  date_created: string;
}

export interface ContractingEntityRecord extends Row {
  name: string;
  address: string;
  zip_code: string;
  city: string;
  tax_id: string;
  tax_authority: TaxAuthority | null;
  vat_id: string;
  managing_directors: string;
  commercial_register_type: string;
  commercial_register_number: string;
  register_court: string;
  email: string;
  website: string;
}

export interface TaxWaiverRecord {
  security_number: string;
  filename: string | null;
  valid_until: string | null;
}

export interface ContractorRecord extends Row {
  name: string;
  identifier: string;
  accounts_payable_number: number | null;
  address: string;
  zip_code: string;
  city: string;
  country: string;
  iban: string;
  bic: string;
  vat_id: string;
  tax_id: string;
  tax_authority: TaxAuthority | null;
  tax_waiver: TaxWaiverRecord | null;
  contact_person_name: string;
  contact_person_email: string;
  contact_person_phone_number: string;
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
}

export interface ContractUnitRecord extends Row {
  name: string;
  description: string;
  project: string;
  state: ContractUnitState;
  /** Kept for the reporting endpoints; not an attribute of the contract unit resource. */
  initial_budget: Money | null;
}

export interface ContractRecord extends Row {
  name: string;
  description: string;
  contract_number: string;
  cost_center: string;
  contract_unit: string;
  contracting_entity: string;
  contractor: string | null;
  contract_type: ContractType;
  status: ContractStatus;
  amount: Money | null;
  reserve_amount: Money | null;
  booking_account_number: number | null;
  date_contract: string | null;
  date_created: string;
  is_reverse_charge: boolean;
}

/** Payment details of an invoice are not stored here: they derive from its payments. */
export interface InvoiceRecord extends Row {
  contract: string | null;
  invoice_process_state: InvoiceProcessState;
  invoice_type: InvoiceType | null;
  external_identifier: string | null;
  internal_identifier: string | null;
  installment_number: number | null;
  is_reverse_charge: boolean;
  date_created: string;
  date_received: string | null;
  date_posted: string | null;
  date_due: string | null;
  date_discount: string | null;
  date_approved: string | null;
  unaudited_amount: Money | null;
  audited_amount: Money | null;
  undiscounted_approved_amount: Money | null;
  cash_discount: Money | null;
  discounted_approved_amount: Money | null;
  tags: string[];
}

export interface PaymentRecord extends Row {
  invoice: string;
  payment_date: string;
  gross: Dec;
  /** Net and tax derived from `gross` when the payment was registered or last updated. */
  paid_amount: Money;
  payment_comment: string | null;
  date_created: string;
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

export interface TagRecord extends Row {
  name: string;
  color: TagColor;
}

export interface FinconTables {
  properties: Table<PropertyRecord>;
  contractingEntities: Table<ContractingEntityRecord>;
  contractors: Table<ContractorRecord>;
  projects: Table<ProjectRecord>;
  contractUnits: Table<ContractUnitRecord>;
  contracts: Table<ContractRecord>;
  invoices: Table<InvoiceRecord>;
  payments: Table<PaymentRecord>;
  budgetShifts: Table<BudgetShiftRecord>;
  tags: Table<TagRecord>;
}

export function createFinconTables(): FinconTables {
  return {
    properties: new Table(),
    contractingEntities: new Table(),
    contractors: new Table(),
    projects: new Table(),
    contractUnits: new Table(['project']),
    contracts: new Table(['contract_unit']),
    invoices: new Table(),
    payments: new Table(['invoice']),
    budgetShifts: new Table(),
    tags: new Table(),
  };
}
