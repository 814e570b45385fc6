import { findOr404 } from '../resource.js';
import type { RouteSpec, SandboxRequest } from '../router.js';
import { contractResource } from './contracts.js';
import { CALCULATION_REFERENCES } from './enums.js';
import type { Product } from './product.js';
import type { ContractRecord, ContractTerms } from './records.js';

/** The terms of a contract. The resource has no id of its own (the service's schema has none). */
const contractTerms = (product: Product) => (request: SandboxRequest) => {
  const contract = findOr404(contractResource(product), request.store, request.params.contract_id as string, 'contract_id');
  return {
    status: 200,
    body: {
      data: {
        type: 'CONTRACT_TERMS',
        attributes: renderTerms(contract.terms),
        relationships: { contract: { data: { id: contract.id, type: 'CONTRACT' } } },
      },
      errors: null,
      included: null,
      links: null,
    },
  };
};

function renderTerms(terms: ContractTerms) {
  const { periods, ...general } = terms.general_terms;
  return {
    calculation_block_order: terms.calculation_block_order,
    general_terms: { ...general, ...periods },
    rules: terms.rules,
  };
}

/** Terms for a contract created through the API: Alasco's account defaults, no calculation rules. */
export function defaultTerms(): ContractTerms {
  return {
    calculation_block_order: [...CALCULATION_REFERENCES],
    general_terms: {
      cash_discount_percentage: 0,
      deduction_percentage: 0,
      cash_discount_reference: 'approved_amount',
      cash_discount_reference_choices: ['approved_amount', 'payment_amount'],
      deduction_reference: 'approved_amount',
      deduction_reference_choices: ['approved_amount', 'unaudited_amount'],
      periods: paymentPeriods(30, null),
    },
    rules: [],
  };
}

const INVOICE_KINDS = ['single', 'installment', 'partial_final', 'final'] as const;

/** `payment_period_<kind>` and `cash_discount_period_<kind>` with their units, the same for every kind. */
export function paymentPeriods(paymentDays: number, cashDiscountDays: number | null): ContractTerms['general_terms']['periods'] {
  return Object.fromEntries(
    INVOICE_KINDS.flatMap((kind) => [
      [`payment_period_${kind}`, paymentDays],
      [`payment_period_unit_${kind}`, 'DAYS'],
      [`cash_discount_period_${kind}`, cashDiscountDays],
      [`cash_discount_period_unit_${kind}`, 'DAYS'],
    ]),
  );
}

/** The percentage a contract's terms apply in one calculation block (e.g. retainage), 0 when it has none. */
export function rulePercentage(
  contract: Pick<ContractRecord, 'terms'>,
  type: ContractTerms['rules'][number]['rule_type'],
  key?: string,
): string {
  const rule = contract.terms.rules.find(
    (candidate) => candidate.rule_type === type && (!key || candidate.rule_template_key === key),
  );
  return rule?.param_values.percentage ?? '0';
}

export const contractTermsRoutes = (product: Product): RouteSpec[] => [
  { method: 'GET', path: '/contracts/{contract_id}/contract_terms/', handler: contractTerms(product) },
];
