import type { StoredFile } from '../files/file-store.js';
import type { Dec, Money } from '../money.js';
import { Table, type Row } from '../table.js';
import type {
  BasisOfClaim,
  CalculationReference,
  ChangeOrderState,
  ContractStatus,
  ContractType,
  CustomFieldObjectType,
  CustomFieldType,
  CustomFieldUnit,
  InvoiceDocumentType,
  InvoiceProcessState,
  InvoiceType,
  TagColor,
  TaxAuthority,
  Trigger,
} from './enums.js';

/*
 * Records FinCon and CAPEX share: the contract side of both products. Each product keeps its own
 * tables of them. Field names follow the API's attribute names, references to other records are
 * their uuids; dates are YYYY-MM-DD, timestamps ISO 8601 in UTC. Fields the API does not show
 * are commented.
 */

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
  /** The uploaded certificate (Freistellungsbescheinigung), if any. */
  document: StoredFile | null;
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
  /** In-application flag the tax waiver's security number switches on and off. */
  tax_waiver_required: boolean;
  contact_person_name: string;
  contact_person_email: string;
  contact_person_phone_number: string;
}

/** A custom field value as stored: the field type decides how it is rendered. */
export type CustomFieldValue = string | number | boolean | string[];

interface GeneralTerms {
  cash_discount_percentage: number;
  deduction_percentage: number;
  cash_discount_reference: string;
  cash_discount_reference_choices: string[];
  deduction_reference: string;
  deduction_reference_choices: string[];
  /** cash_discount_period_<kind>, payment_period_<kind> and their units, kind = single | installment | partial_final | final. */
  periods: Record<string, number | string | null>;
}

export interface ContractRule {
  input_value_from: string;
  order_in_block: number;
  param_values: Record<string, string>;
  rule_identifier: string;
  rule_template_key: string;
  rule_template_title: string;
  rule_type: CalculationReference;
}

export interface ContractTerms {
  calculation_block_order: CalculationReference[];
  general_terms: GeneralTerms;
  rules: ContractRule[];
}

export interface ContractRecord extends Row {
  name: string;
  description: string;
  contract_number: string;
  cost_center: string;
  /** The contract unit (FinCon) or measure (CAPEX) the contract belongs to; rendered under that name. */
  parent: string;
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
  /** Served by /contracts/{contract_id}/contract_terms/. */
  terms: ContractTerms;
  /** Custom field values by definition id. */
  custom_fields: Record<string, CustomFieldValue>;
}

export interface ChangeOrderRecord extends Row {
  contract: string;
  identifier: string;
  name: string;
  state: ChangeOrderState;
  basis_of_claim: BasisOfClaim;
  other_basis_of_claim: string;
  trigger: Trigger;
  other_trigger: string;
  change_order_date: string;
  claimed_amount: Money | null;
  audited_amount: Money | null;
  approved_amount: Money | null;
  acknowledged_at: string | null;
  declined_at: string | null;
  weighting_factor: number | null;
}

/** A document of a contract, invoice or change order; `parent` is that record's id. */
export interface DocumentRecord<T extends string = string> extends Row {
  parent: string;
  document_type: T;
  filename: string;
  uploaded_at: string;
  file: StoredFile;
  /** The copy with the reviewers' annotations, where one exists. */
  annotated: StoredFile | null;
}

/** How an invoice came into the system; only PAID_INVOICE ones can be updated as paid or deleted. */
type InvoiceOrigin = 'WORKFLOW' | 'PAID_INVOICE';

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
  /** The project (FinCon) or asset (CAPEX) the invoice was submitted to. */
  scope: string;
  origin: InvoiceOrigin;
  /**
   * For NEW invoices of a workflow with two complete-details steps: the step the invoice is in
   * (1 = "Optional Complete Details", 2 = the second one); null when the workflow has one step.
   */
  details_step: 1 | 2 | null;
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

export interface TagRecord extends Row {
  name: string;
  color: TagColor;
}

export interface CustomFieldDefinitionRecord extends Row {
  name: string;
  description: string;
  export_name: string;
  /** The type as configured; MONEY fields are shown as DECIMAL with unit CURRENCY. */
  field_type: CustomFieldType;
  object_type: CustomFieldObjectType;
  unit: CustomFieldUnit;
  /** Values a SELECT or MULTISELECT field offers. */
  options: string[];
}

export interface CoreTables {
  contractingEntities: Table<ContractingEntityRecord>;
  contractors: Table<ContractorRecord>;
  contracts: Table<ContractRecord>;
  changeOrders: Table<ChangeOrderRecord>;
  invoices: Table<InvoiceRecord>;
  payments: Table<PaymentRecord>;
  tags: Table<TagRecord>;
  contractDocuments: Table<DocumentRecord>;
  invoiceDocuments: Table<DocumentRecord<InvoiceDocumentType>>;
  changeOrderDocuments: Table<DocumentRecord>;
  customFieldDefinitions: Table<CustomFieldDefinitionRecord>;
}

export function createCoreTables(): CoreTables {
  return {
    contractingEntities: new Table(),
    contractors: new Table(),
    contracts: new Table(),
    changeOrders: new Table(['contract']),
    invoices: new Table(),
    payments: new Table(['invoice']),
    tags: new Table(),
    contractDocuments: new Table(['parent']),
    invoiceDocuments: new Table(['parent']),
    changeOrderDocuments: new Table(['parent']),
    customFieldDefinitions: new Table(),
  };
}
