/**
 * Setting a contract unit's initial budget moves money: creating a unit with a budget, or
 * changing the budget of one, goes through preview and confirmation. The budget is read from
 * the contract unit financials of the unit's project (contract units do not show it).
 */
import type { MoneyGuard, Reader } from '../../src/dispatch/operation.js';
import type { FlatResource } from '../../src/shape/jsonapi.js';
import { formatCurrency, formatMoney, grossOf, isMoney, type Money } from '../../src/shape/money.js';
import { Refusal } from '../../src/writes/judge.js';
import { quoted } from '../../src/writes/quote.js';
import { sameMoney } from '../shared/guard-kit.js';

type Args = Readonly<Record<string, unknown>>;

const setsBudget = (args: Args) => args.initial_budget !== undefined;

function describeBudget(budget: unknown): string {
  if (!isMoney(budget)) return 'no initial budget';
  return `${formatMoney(budget)} (${formatCurrency(grossOf(budget), budget.currency)} gross)`;
}

interface ProjectUnits {
  project: FlatResource;
  units: FlatResource[];
}

export const createUnitBudgetGuard: MoneyGuard = {
  applies: setsBudget,
  // Units created in one project go one at a time: the second sees the first.
  resource: (args) => `fincon:project:${String(args.project_id)}`,
  async read(args, reader) {
    const [project, units] = await Promise.all([
      reader.one('get_project', { project_id: args.project_id }),
      reader.all('list_contract_units', { filters: { 'project.in': [args.project_id] } }),
    ]);
    return { project, units } satisfies ProjectUnits;
  },
  inspect(args, raw) {
    const { project, units } = raw as ProjectUnits;
    if (project.use_cost_elements === true) {
      throw new Refusal(
        `Project ${quoted(project.name)} is budgeted by cost elements: its contract units take no initial budget.`,
      );
    }
    const twins = units.filter((unit) => unit.name === args.name);
    return {
      fingerprint: { costElements: project.use_cost_elements ?? false, units: units.map((unit) => [unit.id, unit.name]) },
      preview: {
        summary: [
          `Create contract unit ${quoted(args.name)} in project ${quoted(project.name)} (id ${project.id}) with an initial budget of ${describeBudget(args.initial_budget)}.`,
          `Afterwards the project has ${units.length + 1} contract units.`,
        ],
        changes: { name: args.name, initial_budget: args.initial_budget },
        resulting: { project_id: project.id, contract_units: units.length + 1 },
        warnings: twins.map((twin) => ({
          code: 'duplicate_name',
          about: twin.id,
          message: `The project already has a contract unit named ${quoted(args.name)} (id ${twin.id}).`,
        })),
      },
    };
  },
  findCommitted(args, before, now, accounted) {
    const known = new Set((before as ProjectUnits).units.map((unit) => unit.id));
    const created = (now as ProjectUnits).units.find(
      (unit) => !known.has(unit.id) && !accounted.has(unit.id) && unit.name === args.name,
    );
    return (
      created && {
        resource: created,
        text: `Contract unit ${quoted(created.name)} (id ${created.id}) was created.`,
        made: { id: created.id },
      }
    );
  },
  madeBy: (answer) => (typeof answer.id === 'string' ? { id: answer.id } : undefined),
  howToCheck: (args) => `list_contract_units of project ${String(args.project_id)}`,
};

interface UnitBudget {
  unit: FlatResource;
  budget: Money | undefined;
}

async function readUnitBudget(args: Args, reader: Reader): Promise<UnitBudget> {
  const unit = await reader.one('get_contract_unit', { contract_unit_id: args.contract_unit_id });
  const rows = await reader.all('list_contract_unit_financials', { filters: { 'project.in': [unit.project] } });
  const budget = rows.find((row) => row.id === unit.id)?.initial_budget;
  return { unit, budget: isMoney(budget) ? budget : undefined };
}

export const updateUnitBudgetGuard: MoneyGuard = {
  applies: setsBudget,
  resource: (args) => `fincon:contract_unit:${String(args.contract_unit_id)}`,
  read: readUnitBudget,
  inspect(args, raw) {
    const { unit, budget } = raw as UnitBudget;
    const others = ['name', 'description', 'state'].filter((field) => args[field] !== undefined && args[field] !== unit[field]);
    return {
      fingerprint: raw,
      preview: {
        summary: [
          `Set the initial budget of contract unit ${quoted(unit.name)} (id ${unit.id}) from ${describeBudget(budget)} to ${describeBudget(args.initial_budget)}.`,
          ...others.map(
            (field) => `Change ${field}: ${unit[field] == null ? '(none)' : quoted(unit[field])} -> ${quoted(args[field])}`,
          ),
        ],
        changes: { initial_budget: { before: budget ?? null, after: args.initial_budget } },
        resulting: { contract_unit_id: unit.id, initial_budget: args.initial_budget },
        warnings: [],
      },
    };
  },
  findCommitted(args, before, now) {
    const was = before as UnitBudget;
    const is = now as UnitBudget;
    if (sameMoney(was.budget, is.budget) || !sameMoney(is.budget, args.initial_budget)) return undefined;
    return { resource: is.unit, text: `The initial budget of ${quoted(is.unit.name)} is now ${describeBudget(is.budget)}.` };
  },
  howToCheck: (args) => `list_contract_unit_financials for the project of contract unit ${String(args.contract_unit_id)}`,
};
