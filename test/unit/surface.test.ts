import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { searchTools } from '../../src/search/rank.js';
import { toolSurface } from '../../src/surface.js';
import { catalog } from '../../tools/index.js';

const surface = (...argv: string[]) => toolSurface(catalog, loadConfig(argv, {}));

describe('the tool surface', () => {
  it('offers the daily FinCon work and its summaries directly and keeps every tool reachable', () => {
    const { direct, reachable } = surface();
    expect(reachable).toHaveLength(catalog.length);
    expect(direct.map((operation) => operation.name).sort()).toEqual(
      [
        'list_projects',
        'get_project',
        'list_properties',
        'get_property',
        'list_contract_units',
        'get_contract_unit',
        'create_contract_unit',
        'update_contract_unit',
        'list_budget_shifts',
        'list_contracts',
        'get_contract',
        'get_contract_terms',
        'list_invoices',
        'get_invoice',
        'list_contract_invoices',
        'list_invoice_payments',
        'register_invoice_payment',
        'update_invoice_payment',
        'get_project_budget',
        'get_project_payables',
        'get_payments_in_period',
        'get_invoice_payment_status',
      ].sort(),
    );
  });

  it("offers a product's own daily work when FinCon is not chosen", () => {
    const esg = surface('--products', 'esg');
    expect(esg.reachable.every((operation) => operation.product === 'esg')).toBe(true);
    expect(esg.direct.length).toBeGreaterThan(0);
    expect(esg.direct.map((operation) => operation.name)).toContain('esg_list_buildings');
    expect(surface('--products', 'capex').direct.map((operation) => operation.name)).toContain('capex_list_invoices');
  });

  it('combines keywords and toolsets, and read-only removes every writing tool everywhere', () => {
    expect(surface('--toolsets', 'all').direct).toHaveLength(catalog.length);
    const mixed = surface('--toolsets', 'daily,partners');
    expect(mixed.direct.map((operation) => operation.name)).toEqual(
      expect.arrayContaining(['list_invoices', 'create_contractor']),
    );
    const readOnly = surface('--read-only', '--toolsets', 'all');
    expect(readOnly.reachable.every((operation) => operation.hints.readOnlyHint)).toBe(true);
    expect(readOnly.direct).toEqual(readOnly.reachable);
  });
});

describe('searching the catalog', () => {
  const names = (query: string, product?: 'fincon' | 'capex' | 'esg') =>
    searchTools(catalog, query, product).tools.map((operation) => operation.name);

  it('finds tools by what they do, across word forms', () => {
    expect(names('upload invoice document')[0]).toBe('upload_invoice_document');
    expect(names('tax waiver of a contractor')).toContain('upload_tax_waiver');
    expect(names('enter meter readings', 'esg')[0]).toMatch(/^esg_.*reading/);
    // asked for nothing to be done, a request gets a read first: the readings' tools all write
    expect(
      names('meter readings', 'esg')
        .slice(0, 3)
        .some((name) => /reading/.test(name)),
    ).toBe(true);
    // the meters, or the consumption they metered, per meter
    expect(['esg_list_utility_meters', 'esg_get_building_consumption']).toContain(names('meter readings', 'esg')[0]);
    // a question of several steps is a question: its first tool reads
    const question = 'Der Zählerstand vom Gaszähler G-17 ist auf einmal ein anderer – wer hat den gestern geändert?';
    expect(catalog.find((tool) => tool.name === names(question)[0])?.hints.readOnlyHint).toBe(true);
    expect(names('cost element financials')).toContain('list_cost_element_financials');
  });

  it('reads no offer in what a description forbids: "do not add them up" answers no request to add', () => {
    const first = names('Is the contract for Grafton Joinery set up yet, or do we still need to create it?')[0];
    expect(['list_contracts', 'list_contractor_contracts']).toContain(first);
  });

  it('leaves a longer request that names no action it knows in its order: its action is said in other words', () => {
    expect(names("Fassade Baarerstrasse: die Vertragssumme auf CHF 412'500 hochziehen")[0]).toBe('update_contract');
  });

  it('puts a FinCon tool before its CAPEX twin unless the request names CAPEX, whatever the model learnt', () => {
    expect(names('take the query tag off 2026-118, its sorted now')[0]).toBe('unassign_invoice_tag');
    expect(names('Das Tag "Q4-alt" brauchen wir nicht mehr, weg damit')[0]).toBe('delete_tag');
    expect(names('Pop the signed subcontract PDF onto the Kelly Civil contract')[0]).toBe('upload_contract_document');
    expect(names('Das CAPEX-Tag "Q4-alt" brauchen wir nicht mehr, weg damit')[0]).toBe('capex_delete_tag');
  });

  it('answers a question whose words found only writes with a tool that reads what the first of them acts on', () => {
    const first = catalog.find((tool) => tool.name === names('Is die 2024-117 endlich durch oder hängt die no irgendwo?')[0]);
    expect(first?.hints.readOnlyHint).toBe(true);
  });

  it('reads a request that opens with the audit trail, whatever changes it names', () => {
    const history = 'history of budget moves on Newcraighall Village - increases, decreases, transfers';
    expect(catalog.find((tool) => tool.name === names(history)[0])?.hints.readOnlyHint).toBe(true);
  });

  it('searches the whole request when none of its steps names a tool', () => {
    // The condition takes "wenn er fehlt anlegen" out of the steps; what is left names nothing.
    // Which record "Bott" is, only the learnt model guesses, so the firm is asked among three.
    expect(names('Bott, wenn er fehlt anlegen, 36043 Fulda').slice(0, 3)).toContain('create_contractor');
  });

  it('makes one step of steps in turn that one tool does', () => {
    const { steps } = searchTools(catalog, 'Which contracts does the drylining package have? Are all its contracts complete?');
    expect(steps).toEqual([]);
    const twoSteps = searchTools(catalog, 'find the meter CHW-22871 at 1 Bligh and then log a reading of 412,330 kWh').steps;
    expect(twoSteps.map((step) => step.tool.name)).toHaveLength(2);
    // Listing a building's meters takes the building's id: either lookup starts the way there.
    expect(['esg_list_utility_meters', 'esg_list_buildings']).toContain(twoSteps[0]?.tool.name);
    // The meter found has both ids: either way of recording its reading answers.
    expect(['esg_create_meter_reading', 'esg_create_meter_reading_by_uuid']).toContain(twoSteps[1]?.tool.name);
  });

  it('reads a later step as an order when the question mark closes a "can you …" request', () => {
    const request =
      'can u look up whether Wheatland Roofing is already set up as a vendor and if not add them? 1450 Albert St, Regina SK';
    const { steps } = searchTools(catalog, request);
    expect(steps).toHaveLength(2);
    expect(steps[0]?.tool.hints.readOnlyHint).toBe(true);
    expect(steps[1]?.tool.name).toMatch(/create_contractor$/);
  });

  it('takes a later step that names no verb for the action it comes after a lookup for', () => {
    const { steps } = searchTools(catalog, 'Erst die Rechnung vom Dachdecker Vogt raussuchen, dann den Tag Skonto draufmachen');
    expect(steps.map((step) => step.tool.name)).toEqual(['list_invoices', 'assign_invoice_tag']);
  });

  it('looks up, in a first step that names nothing, what the next step acts on', () => {
    const { steps } = searchTools(catalog, 'guck mol wie die kessler estrich bei uns drinsteht, dann trag die nei iban ei');
    expect(steps).toHaveLength(2);
    expect(steps[0]?.tool.product).toBe(steps[1]?.tool.product);
    expect(steps[0]?.tool.hints.readOnlyHint).toBe(true);
    expect(steps[0]?.tool.name).toMatch(/contractor/);
  });

  it('takes no word ending in a plural\'s or "is"\'s "s" for a step\'s verb: "What\'s the story with …?"', () => {
    expect(
      searchTools(catalog, "What's the story with Mourne Civils? How much is still owing to them across the jobs?").steps,
    ).toEqual([]);
  });

  it('asks the audit trail who did a write, whatever the verb: "who binned …"', () => {
    expect(names('who binned the tyne tees plant invoice off ouseburn last neet?')[0]).toMatch(/audit_events/);
  });

  it("answers who with the users' trail, and changes by table with the table-level one", () => {
    for (const request of [
      'Wer hat gestern die Fläche vom Gebäude Lend angepasst?',
      'Wann wurde der Emissionsfaktor umgestellt, und von wem?',
      'Who modified the tenant records on 2nd May?',
    ])
      expect(names(request).indexOf('esg_list_user_audit_events')).toBeLessThan(names(request).indexOf('esg_list_audit_events'));
    const byTable = names('whos been deleting stuff in the esg account? need the table changes for tuesday');
    expect(byTable.indexOf('esg_list_audit_events')).toBeLessThan(byTable.indexOf('esg_list_user_audit_events'));
  });

  it('keeps to the product asked for, and finds nothing for nonsense', () => {
    expect(names('invoices', 'capex').every((name) => name.startsWith('capex_'))).toBe(true);
    expect(names('zzzz qqqq')).toEqual([]);
  });
});
