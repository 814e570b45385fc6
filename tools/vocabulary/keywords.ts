/**
 * Words a tool is found by that its description leaves out, indexed for search_tools but never
 * sent in tools/list. In the API's words, as the vocabulary maps requests to them; a CAPEX tool
 * has those of its FinCon twin too.
 */
export const SEARCH_KEYWORDS: Readonly<Record<string, string>> = {
  // What tools answer without saying so: invoices belong to a project through their contract.
  list_invoices: 'project tag',
  list_contracts: 'project',
  list_change_orders: 'project',
  get_project: 'tax rate area',
  // Contacts are the address book; a contractor's master data includes its address.
  list_contacts: 'address',
  // A contract unit's budget is raised, cut or shifted by changing it.
  update_contract_unit: 'increase decrease shift',
  update_contractor: 'address',
  // The summaries answer questions; these are the words the questions come in.
  get_project_budget: 'overview summary status remaining uncommitted total',
  get_project_payables: 'owes outstanding unpaid open due overdue total approved not paid all projects',
  get_payments_in_period: 'paid payments month year date between total outflow',
  get_invoice_payment_status: 'status outstanding remaining balance fully paid open total',
  get_contract_overview: 'overview summary status amount total',
  get_contractor_exposure: 'exposure stake commitment total all projects payments',
  esg_get_building_consumption: 'month monthly',
};
