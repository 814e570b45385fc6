import { renderMoney, zeroMoney } from '../../money.js';
import { filterOn, type FilterSpec, type FilterSpecs } from '../../query.js';
import { derivedUuid } from '../../random.js';
import { computedResource, listOf, REPORTING_PAGE_SIZE } from '../../resource.js';
import type { RouteSpec } from '../../router.js';
import type { Store } from '../../store.js';
import type { Row } from '../../table.js';
import type { ContractUnitRecord, FinconTables, ProjectRecord } from '../records.js';
import { BUDGET_FIGURES, CONTRACT_FIGURES, Ledger, sumFigures, type Figures } from './figures.js';

/* The six financials views of the Reporting API: rows computed from the core data on every read. */

interface FinancialsRow extends Row {
  keys: Record<string, string | null>;
  figures: Figures;
}

type FigureName = keyof Figures;

const withoutPaidDiscount = CONTRACT_FIGURES.filter((name) => name !== 'realised_cash_discount_paid');
const PROJECT_FIELDS: readonly FigureName[] = [...withoutPaidDiscount, ...BUDGET_FIGURES, 'undistributed_budget'];
const UNIT_FIELDS: readonly FigureName[] = [...CONTRACT_FIGURES, ...BUDGET_FIGURES];
const PAIR_FIELDS: readonly FigureName[] = [...withoutPaidDiscount, ...BUDGET_FIGURES];

function financialsResource(type: string, fields: readonly FigureName[]) {
  return computedResource<FinancialsRow>(type, type, (row) => ({
    ...row.keys,
    ...Object.fromEntries(fields.map((name) => [name, renderMoney(row.figures[name] ?? null)])),
  }));
}

/** Rows numbered in list order, so cursors work across pages. */
function numbered(rows: Omit<FinancialsRow, 'seq'>[]): FinancialsRow[] {
  return rows.map((row, i) => ({ ...row, seq: i + 1 }));
}

function unitsOf(tables: FinconTables, project: ProjectRecord): readonly ContractUnitRecord[] {
  return tables.contractUnits.where('project', project.id);
}

/** A project: its cost elements (or units) against its budget. */
function projectFigures(ledger: Ledger, project: ProjectRecord): Figures {
  const units = unitsOf(ledger.tables, project);
  if (!project.use_cost_elements)
    return { ...sumFigures(units.map((unit) => ledger.forUnit(unit))), undistributed_budget: zeroMoney() };
  const budgets = ledger.tables.costElementBudgets.where('project', project.id);
  const booked = new Set(budgets.map((budget) => budget.cost_element));
  return sumFigures([
    ...budgets.map((budget) =>
      ledger.forCostElement(
        budget,
        units.filter((unit) => unit.cost_element === budget.cost_element),
      ),
    ),
    ...units.filter((unit) => !unit.cost_element || !booked.has(unit.cost_element)).map((unit) => ledger.forUnit(unit)),
  ]);
}

function projectRows(store: Store): FinancialsRow[] {
  const ledger = new Ledger(store.fincon);
  return numbered(
    store.fincon.projects
      .all()
      .map((project) => ({ id: project.id, keys: { name: project.name }, figures: projectFigures(ledger, project) })),
  );
}

function contractRows(store: Store): FinancialsRow[] {
  const ledger = new Ledger(store.fincon);
  return numbered(
    store.fincon.contracts.all().map((contract) => ({
      id: contract.id,
      keys: {
        name: contract.name,
        project: store.fincon.contractUnits.get(contract.parent)?.project ?? null,
        contract_unit: contract.parent,
      },
      figures: ledger.forContract(contract),
    })),
  );
}

function unitRows(store: Store): FinancialsRow[] {
  const ledger = new Ledger(store.fincon);
  return numbered(
    store.fincon.contractUnits.all().map((unit) => ({
      id: unit.id,
      keys: { name: unit.name, project: unit.project },
      figures: ledger.forUnit(unit),
    })),
  );
}

/** Cost element rows exist for projects using cost elements, one per cost element the project plans budget on. */
function costElementRows(store: Store): FinancialsRow[] {
  const { fincon } = store;
  const ledger = new Ledger(fincon);
  return numbered(
    fincon.costElementBudgets.all().map((budget) => {
      const element = fincon.costElements.get(budget.cost_element);
      const units = fincon.contractUnits
        .where('project', budget.project)
        .filter((unit) => unit.cost_element === budget.cost_element);
      return {
        id: derivedUuid('cost-element-financials', budget.project, budget.cost_element),
        keys: {
          project: budget.project,
          cost_element: budget.cost_element,
          cost_element_tree_template: element?.cost_element_tree_template ?? null,
        },
        figures: ledger.forCostElement(budget, units),
      };
    }),
  );
}

/** Units booked on a cost element, with that element. */
function bookedUnits(store: Store) {
  const { fincon } = store;
  return fincon.contractUnits.all().flatMap((unit) => {
    const element = unit.cost_element ? fincon.costElements.get(unit.cost_element) : undefined;
    return element ? [{ unit, element }] : [];
  });
}

function costElementUnitRows(store: Store): FinancialsRow[] {
  const ledger = new Ledger(store.fincon);
  return numbered(
    bookedUnits(store).map(({ unit, element }) => ({
      id: derivedUuid('cost-element-contract-unit-financials', element.id, unit.id),
      keys: {
        project: unit.project,
        contract_unit: unit.id,
        cost_element: element.id,
        cost_element_tree_template: element.cost_element_tree_template,
      },
      figures: ledger.forUnit(unit),
    })),
  );
}

function costElementContractRows(store: Store): FinancialsRow[] {
  const ledger = new Ledger(store.fincon);
  return numbered(
    bookedUnits(store).flatMap(({ unit, element }) =>
      ledger.contractsOf(unit.id).map((contract) => ({
        id: derivedUuid('cost-element-contract-financials', element.id, contract.id),
        keys: {
          project: unit.project,
          contract: contract.id,
          contract_unit: unit.id,
          cost_element: element.id,
          cost_element_tree_template: element.cost_element_tree_template,
        },
        // Contract rows carry no budget of their own.
        figures: { ...ledger.forContract(contract), ...Object.fromEntries(BUDGET_FIGURES.map((name) => [name, null])) },
      })),
    ),
  );
}

const byProject = (operations: FilterSpec<FinancialsRow>['operations']): FilterSpecs<FinancialsRow> => ({
  project: { ...filterOn.ids<FinancialsRow>((row) => row.keys.project ?? null), operations },
});

function reportingList(
  type: string,
  fields: readonly FigureName[],
  rows: (store: Store) => FinancialsRow[],
  filters: FilterSpecs<FinancialsRow>,
  requiredFilter?: string,
) {
  return listOf(financialsResource(type, fields), {
    rows,
    filters,
    pageSize: REPORTING_PAGE_SIZE,
    ...(requiredFilter && { requiredFilter }),
  });
}

/** Cost element views need a project filter: filter[project.in]. */
const PROJECT_IN = 'filter[project.in]';

export const financialsRoutes: RouteSpec[] = [
  {
    method: 'GET',
    path: '/reporting/projects/',
    handler: reportingList('PROJECT_FINANCIALS', PROJECT_FIELDS, projectRows, { id: filterOn.ids() }),
  },
  {
    method: 'GET',
    path: '/reporting/contracts/',
    handler: reportingList('CONTRACT_FINANCIALS', CONTRACT_FIGURES, contractRows, byProject(['in', 'not_in'])),
  },
  {
    method: 'GET',
    path: '/reporting/contract_units/',
    handler: reportingList('CONTRACT_UNIT_FINANCIALS', UNIT_FIELDS, unitRows, byProject(['in', 'not_in'])),
  },
  {
    method: 'GET',
    path: '/reporting/cost_elements/',
    handler: reportingList('COST_ELEMENT_FINANCIALS', PROJECT_FIELDS, costElementRows, byProject(['in']), PROJECT_IN),
  },
  {
    method: 'GET',
    path: '/reporting/cost_elements/contract_units/',
    handler: reportingList(
      'COST_ELEMENT_CONTRACT_UNIT_FINANCIALS',
      PAIR_FIELDS,
      costElementUnitRows,
      byProject(['in']),
      PROJECT_IN,
    ),
  },
  {
    method: 'GET',
    path: '/reporting/cost_elements/contracts/',
    handler: reportingList(
      'COST_ELEMENT_CONTRACT_FINANCIALS',
      PAIR_FIELDS,
      costElementContractRows,
      byProject(['in']),
      PROJECT_IN,
    ),
  },
];
