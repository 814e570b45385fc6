/**
 * The slowest read chain of each summary on the large project: the reads that must wait for one
 * another (the project by name, then its contracts page by page, then one slice of their
 * invoices), sent straight to the sandbox with undici. A summary that reads its independent
 * lists side by side cannot be quicker than its slowest chain; the target allows it twice that.
 */
import { getJson } from './processes.mjs';

/** Ids per `in` filter, as the summaries send them. */
const ID_SLICE = 100;

/**
 * Every row of a list, its pages one after another.
 * @param {string} url @returns {Promise<any[]>}
 */
async function allPages(url) {
  const rows = [];
  /** @type {string | null} */
  let next = url;
  while (next) {
    const page = await getJson(next);
    rows.push(...page.data);
    next = page.links?.next ?? null;
  }
  return rows;
}

/** Milliseconds `work` takes, and what it gave. @template T @param {() => Promise<T>} work */
async function timed(work) {
  const started = performance.now();
  const value = await work();
  return { ms: performance.now() - started, value };
}

/** @param {string[]} ids @returns {string[][]} */
const slices = (ids) =>
  Array.from({ length: Math.ceil(ids.length / ID_SLICE) }, (_, i) => ids.slice(i * ID_SLICE, (i + 1) * ID_SLICE));

/** @param {string} filter @param {string[]} values */
const inFilter = (filter, values) => `filter[${filter}]=${values.map(encodeURIComponent).join(',')}`;

/**
 * The slowest chain of get_project_budget and of get_project_payables for `projectName`, in ms.
 * @param {string} fincon @param {string} projectName
 */
export async function slowestReadChains(fincon, projectName) {
  const lookup = await timed(() => getJson(`${fincon}/projects/?filter[name.exact]=${encodeURIComponent(projectName)}`));
  const projectId = lookup.value.data[0].id;

  // The budget: the project's contract unit reports, and beside them its own report.
  const units = await timed(() => allPages(`${fincon}/reporting/contract_units/?${inFilter('project.in', [projectId])}`));
  const own = await timed(() => allPages(`${fincon}/reporting/projects/?${inFilter('id.in', [projectId])}`));
  const budget = lookup.ms + Math.max(units.ms, own.ms);

  // The payables: the project's contracts, then the approved invoices of each slice of them and,
  // beside those, the contractors of each slice of the contractors named; the slowest slice counts.
  const contracts = await timed(() => allPages(`${fincon}/contracts/?${inFilter('project.in', [projectId])}`));
  const contractIds = contracts.value.map((contract) => contract.id);
  const contractorIds = [
    ...new Set(contracts.value.map((contract) => contract.relationships?.contractor?.data?.id).filter(Boolean)),
  ];
  let slowestSlice = 0;
  for (const slice of slices(contractIds)) {
    const approved = `${inFilter('contract.in', slice)}&${inFilter('invoice_process_state.in', ['APPROVED'])}`;
    slowestSlice = Math.max(slowestSlice, (await timed(() => allPages(`${fincon}/invoices/?${approved}`))).ms);
  }
  for (const slice of slices(contractorIds)) {
    slowestSlice = Math.max(slowestSlice, (await timed(() => allPages(`${fincon}/contractors/?${inFilter('id.in', slice)}`))).ms);
  }
  const payables = lookup.ms + contracts.ms + slowestSlice;
  return { get_project_budget: budget, get_project_payables: payables };
}
