/**
 * Words a tool is found by that its description leaves out, indexed for search_tools but never
 * sent in tools/list. In the API's words, as the vocabulary maps requests to them; a CAPEX tool
 * has those of its FinCon twin too.
 */
export const SEARCH_KEYWORDS: Readonly<Record<string, string>> = {
  // What tools answer without saying so: invoices belong to a project through their contract.
  list_invoices: 'project tag',
  // Registering or creating an incoming invoice is submitting it: "log the invoice", "enter a new bill".
  submit_invoice: 'register create',
  list_contracts: 'project',
  // A contract unit is open or finalized: "VE, die noch nicht abgeschlossen sind".
  list_contract_units: 'finalized',
  // Whether a unit may be finalized is read from its contracts: "are all its contracts complete?"
  list_contract_unit_contracts: 'finalized',
  list_change_orders: 'project',
  get_project: 'tax rate area',
  // A project's master data holds its dates: "push the completion date back".
  update_project: 'date',
  // Contacts are the address book; a contractor's master data includes its address.
  list_contacts: 'address',
  update_contractor: 'address',
  // Budgets and contract sums go up and down, or shift, by changing them: "give the package another 30k".
  update_contract_unit: 'increase decrease shift',
  update_contract: 'increase decrease',
  // The summaries answer questions; these are the words the questions come in.
  get_project_budget: 'overview summary status remaining uncommitted total over deviation',
  get_project_payables: 'owes outstanding unpaid open due overdue total approved not paid all projects',
  get_payments_in_period: 'paid payments month year date between total outflow',
  get_invoice_payment_status: 'status outstanding remaining balance fully paid open total owes',
  get_contract_overview: 'overview summary status amount total',
  // The retentions held on a contract are among its financials: "wie viel Haftrücklass haben wir einbehalten?"
  list_contract_financials: 'total retention',
  // The outflow still to come is payments: "was rollt im Sommer an Zahlungen auf uns zu?"
  list_cash_outflow: 'payment',
  get_contractor_exposure: 'exposure stake commitment total all projects payments outstanding owes',
  esg_get_building_consumption: 'month monthly',
  // Document events tell which documents were deleted: "which ESG documents got deleted?"
  esg_list_file_events: 'delete',
  // Linking a tenant to consumption assigns it: "allocate Costa Coffee to the electricity".
  esg_create_tenant_consumption_link: 'assign',
  // The tenants are among an annual consumption's details: "which tenants is the gas linked to?"
  esg_list_annual_consumption: 'link',
  esg_delete_tenant_consumption_link: 'unassign',
  // A document is added to a record by uploading it: "add the signed lien waiver to pay app #4".
  upload_invoice_document: 'add',
  upload_contract_document: 'add',
  upload_change_order_document: 'add',
  // A utility's bill is an invoice with a period: "die Jahresabrechnung der Stadtwerke als Verbrauch eintragen".
  esg_create_consumption_interval: 'invoice',
};
