import { describe, expect, it } from 'vitest';
import { call, get, patch, post, query, useSandbox, walk, type Json } from './helpers.js';

const sandbox = useSandbox();

async function projectNamed(name: string): Promise<Json> {
  return (await get(`${sandbox.fincon}/projects/${query({ 'filter[name.exact]': name })}`)).body.data[0];
}

const plainProject = () => projectNamed('Hunsrück Mitte');
const costElementProject = async () =>
  (await get(`${sandbox.fincon}/projects/${query({ 'filter[use_cost_elements.is]': 'true' })}`)).body.data[0];

function createBody(projectId: string, attributes: Record<string, unknown>) {
  return {
    data: { type: 'CONTRACT_UNIT', attributes, relationships: { project: { data: { id: projectId, type: 'PROJECT' } } } },
  };
}

const create = (projectId: string, attributes: Record<string, unknown>) =>
  post(`${sandbox.fincon}/contract_units/`, createBody(projectId, attributes));

const update = (id: string, attributes: Record<string, unknown> | null, extra: Record<string, unknown> = {}) =>
  patch(`${sandbox.fincon}/contract_units/${id}/`, { data: { id, type: 'CONTRACT_UNIT', attributes, ...extra } });

async function unitsIn(state: string): Promise<Json[]> {
  return (await walk(`${sandbox.fincon}/contract_units/${query({ 'filter[state.in]': state })}`)).items;
}

async function contractsOf(unitId: string): Promise<Json[]> {
  return (await walk(`${sandbox.fincon}/contracts/${query({ 'filter[contract_unit.in]': unitId })}`)).items;
}

describe('creating a contract unit', () => {
  it('answers 201 with only name, description, project and state', async () => {
    const project = await plainProject();
    const response = await create(project.id, { name: 'Photovoltaik', initial_budget: { net: '120000.00', tax: '22800.00' } });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ errors: null, included: null });
    expect(response.body.data).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      type: 'CONTRACT_UNIT',
      attributes: { name: 'Photovoltaik', description: '', project: project.id, state: 'BUDGETED' },
      relationships: null,
    });
    const read = await get(`${sandbox.fincon}/contract_units/${response.body.data.id}/`);
    expect(read.body.data).toEqual(response.body.data);
    const listed = await walk(`${sandbox.fincon}/contract_units/${query({ 'filter[project.in]': project.id })}`);
    expect(listed.items.at(-1).id).toBe(response.body.data.id);
  });

  it('takes description and the BUDGETED state from the body', async () => {
    const project = await plainProject();
    const response = await create(project.id, { name: 'Aufzüge', description: 'Zwei Personenaufzüge', state: 'BUDGETED' });
    expect(response.status).toBe(201);
    expect(response.body.data.attributes).toMatchObject({ description: 'Zwei Personenaufzüge', state: 'BUDGETED' });
  });

  it('accepts a body without data.type, which defaults', async () => {
    const project = await plainProject();
    const body = createBody(project.id, { name: 'Ohne Typ' }) as Json;
    delete body.data.type;
    expect((await post(`${sandbox.fincon}/contract_units/`, body)).status).toBe(201);
  });

  it('refuses an initial budget on a project that uses cost elements', async () => {
    const project = await costElementProject();
    const response = await create(project.id, { name: 'Sprinkler', initial_budget: { net: '1000.00', tax: '190.00' } });
    expect(response.status).toBe(400);
    expect(response.body.errors[0]).toMatchObject({ status: '400', source: { pointer: '/data/attributes/initial_budget' } });
    expect(response.body.errors[0].detail).toContain('cost elements');
    const withoutBudget = await create(project.id, { name: 'Sprinkler' });
    expect(withoutBudget.status).toBe(201);
  });

  it('refuses the CONTINGENCY state, which the API cannot set', async () => {
    const project = await plainProject();
    const response = await create(project.id, { name: 'Zweite Reserve', state: 'CONTINGENCY' });
    expect(response.status).toBe(400);
    expect(response.body.errors[0]).toMatchObject({ source: { pointer: '/data/attributes/state' } });
    expect(response.body.errors[0].detail).toContain('CONTINGENCY');
  });

  it.each(['FINANCING', 'FULLY_AWARDED', 'budgeted'])('answers 422 for the state %s, outside the create enum', async (state) => {
    const project = await plainProject();
    const response = await create(project.id, { name: 'X', state });
    expect(response.status).toBe(422);
    expect(response.body.detail).toEqual([
      {
        type: 'enum',
        loc: ['body', 'data', 'attributes', 'state'],
        msg: "Input should be 'BUDGETED' or 'CONTINGENCY'",
        input: state,
        ctx: { expected: "'BUDGETED' or 'CONTINGENCY'" },
      },
    ]);
  });

  it('answers 404 for a project that does not exist', async () => {
    const unknown = '5f0c8a8e-1f5e-4c7c-9d3a-0a4b6c8d2e10';
    const response = await create(unknown, { name: 'Nirgendwo' });
    expect(response.status).toBe(404);
    expect(response.body.errors[0]).toMatchObject({ source: { pointer: '/data/relationships/project/data/id' } });
  });

  it('answers 422 in the FastAPI shape for invalid bodies', async () => {
    const project = await plainProject();
    const url = `${sandbox.fincon}/contract_units/`;

    const missingName = await create(project.id, { description: 'ohne Namen' });
    expect(missingName.status).toBe(422);
    expect(missingName.body).toEqual({
      detail: [
        {
          type: 'missing',
          loc: ['body', 'data', 'attributes', 'name'],
          msg: 'Field required',
          input: { description: 'ohne Namen' },
        },
      ],
    });

    const longName = await create(project.id, { name: 'x'.repeat(251) });
    expect(longName.body.detail[0]).toMatchObject({
      type: 'string_too_long',
      loc: ['body', 'data', 'attributes', 'name'],
      msg: 'String should have at most 250 characters',
      ctx: { max_length: 250 },
    });

    const wrongType = await post(url, {
      ...createBody(project.id, { name: 'X' }),
      data: { ...createBody(project.id, { name: 'X' }).data, type: 'PROJECT' },
    });
    expect(wrongType.body.detail[0]).toEqual({
      type: 'literal_error',
      loc: ['body', 'data', 'type'],
      msg: "Input should be 'CONTRACT_UNIT'",
      input: 'PROJECT',
      ctx: { expected: "'CONTRACT_UNIT'" },
    });

    const badBudget = await create(project.id, { name: 'X', initial_budget: { net: '12,50', tax: 3 } });
    expect(badBudget.body.detail).toEqual([
      {
        type: 'decimal_parsing',
        loc: ['body', 'data', 'attributes', 'initial_budget', 'net'],
        msg: 'Input should be a valid decimal',
        input: '12,50',
      },
      {
        type: 'string_type',
        loc: ['body', 'data', 'attributes', 'initial_budget', 'tax'],
        msg: 'Input should be a valid string',
        input: 3,
      },
    ]);

    const badProjectId = await create('project-1', { name: 'X' });
    expect(badProjectId.body.detail[0]).toMatchObject({
      type: 'uuid_parsing',
      loc: ['body', 'data', 'relationships', 'project', 'data', 'id'],
    });

    const noRelationships = await post(url, { data: { attributes: { name: 'X' } } });
    expect(noRelationships.body.detail).toEqual([
      { type: 'missing', loc: ['body', 'data', 'relationships'], msg: 'Field required', input: { attributes: { name: 'X' } } },
    ]);

    const notAnObject = await post(url, { data: [] });
    expect(notAnObject.body.detail[0]).toMatchObject({ type: 'model_attributes_type', loc: ['body', 'data'] });

    const malformed = await call(url, { method: 'POST', body: '{"data": ' });
    expect(malformed.status).toBe(422);
    expect(malformed.body.detail[0]).toMatchObject({
      type: 'json_invalid',
      msg: 'JSON decode error',
      loc: ['body', expect.any(Number)],
    });

    const empty = await call(url, { method: 'POST' });
    expect(empty.body).toEqual({ detail: [{ type: 'missing', loc: ['body'], msg: 'Field required', input: null }] });
  });
});

describe('updating a contract unit', () => {
  it('changes only what the body sends and answers 200', async () => {
    const [unit] = await unitsIn('BUDGETED');
    const response = await update(unit.id, { description: 'Neu beschrieben', name: null });
    expect(response.status).toBe(200);
    expect(response.body.data.attributes).toEqual({ ...unit.attributes, description: 'Neu beschrieben' });
    const empty = await update(unit.id, null);
    expect(empty.status).toBe(200);
    expect(empty.body.data.attributes.description).toBe('Neu beschrieben');
  });

  it('requires data.id, equal to the id in the path', async () => {
    const [unit, other] = await unitsIn('FULLY_AWARDED');
    const mismatch = await patch(`${sandbox.fincon}/contract_units/${unit.id}/`, {
      data: { id: other.id, attributes: { name: 'X' } },
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.errors[0].source).toEqual({ pointer: '/data/id' });
    const missing = await patch(`${sandbox.fincon}/contract_units/${unit.id}/`, { data: { attributes: { name: 'X' } } });
    expect(missing.status).toBe(422);
    expect(missing.body.detail[0]).toMatchObject({ type: 'missing', loc: ['body', 'data', 'id'] });
    expect((await get(`${sandbox.fincon}/contract_units/${unit.id}/`)).body.data.attributes.name).toBe(unit.attributes.name);
  });

  it('answers 404 for an unknown unit', async () => {
    const unknown = '5f0c8a8e-1f5e-4c7c-9d3a-0a4b6c8d2e11';
    const response = await update(unknown, { name: 'X' });
    expect(response.status).toBe(404);
  });

  it.each(['CONTINGENCY', 'FINANCING'])('refuses to set %s', async (state) => {
    const [unit] = await unitsIn('FULLY_AWARDED');
    const response = await update(unit.id, { state });
    expect(response.status).toBe(400);
    expect(response.body.errors[0].source).toEqual({ pointer: '/data/attributes/state' });
    expect((await get(`${sandbox.fincon}/contract_units/${unit.id}/`)).body.data.attributes.state).toBe('FULLY_AWARDED');
  });

  it.each([
    ['CONTINGENCY', 'BUDGETED'],
    ['FINANCING', 'FULLY_AWARDED'],
    ['CONTINGENCY', 'FINANCING'],
  ])('refuses to move a %s unit to %s', async (from, to) => {
    const [unit] = await unitsIn(from);
    const response = await update(unit.id, { state: to });
    expect(response.status).toBe(400);
    expect(response.body.errors[0].detail).toContain(from);
    expect((await get(`${sandbox.fincon}/contract_units/${unit.id}/`)).body.data.attributes.state).toBe(from);
  });

  it('still renames a CONTINGENCY unit when its state is sent unchanged', async () => {
    const [unit] = await unitsIn('CONTINGENCY');
    const response = await update(unit.id, { name: 'Reserve (Bauherr)', state: 'CONTINGENCY' });
    expect(response.status).toBe(200);
    expect(response.body.data.attributes).toMatchObject({ name: 'Reserve (Bauherr)', state: 'CONTINGENCY' });
  });

  it('refuses FINALIZED while a contract of the unit is not COMPLETED', async () => {
    const candidates = await unitsIn('FULLY_AWARDED');
    for (const unit of candidates) {
      const open = (await contractsOf(unit.id)).filter((contract) => contract.attributes.status !== 'COMPLETED');
      if (open.length === 0) continue;
      const response = await update(unit.id, { state: 'FINALIZED' });
      expect(response.status).toBe(400);
      expect(response.body.errors[0].detail).toContain(open[0].id);
      expect(response.body.errors[0].source).toEqual({ pointer: '/data/attributes/state' });
      return;
    }
    throw new Error('seed has no FULLY_AWARDED unit with open contracts');
  });

  it('finalizes a unit whose contracts are all COMPLETED, and reopens it', async () => {
    for (const unit of await unitsIn('FULLY_AWARDED')) {
      const contracts = await contractsOf(unit.id);
      if (contracts.length === 0 || contracts.some((contract) => contract.attributes.status !== 'COMPLETED')) continue;
      const finalized = await update(unit.id, { state: 'FINALIZED' });
      expect(finalized.status).toBe(200);
      expect(finalized.body.data.attributes.state).toBe('FINALIZED');
      const reopened = await update(unit.id, { state: 'FULLY_AWARDED' });
      expect(reopened.body.data.attributes.state).toBe('FULLY_AWARDED');
      return;
    }
    throw new Error('seed has no finalizable unit');
  });

  it('refuses to move a unit to another project, and accepts naming its own', async () => {
    const [unit] = await unitsIn('BUDGETED');
    const other = (await walk(`${sandbox.fincon}/projects/`)).items.find(
      (project: Json) => project.id !== unit.attributes.project,
    );
    const moved = await update(
      unit.id,
      { name: 'X' },
      { relationships: { project: { data: { id: other.id, type: 'PROJECT' } } } },
    );
    expect(moved.status).toBe(400);
    expect(moved.body.errors[0].source).toEqual({ pointer: '/data/relationships/project' });
    const same = await update(
      unit.id,
      { name: 'Y' },
      { relationships: { project: { data: { id: unit.attributes.project, type: 'PROJECT' } } } },
    );
    expect(same.status).toBe(200);
    expect(same.body.data.attributes.project).toBe(unit.attributes.project);
  });

  it('takes an initial budget only for projects without cost elements', async () => {
    const plain = await plainProject();
    const plainUnit = (await walk(`${sandbox.fincon}/contract_units/${query({ 'filter[project.in]': plain.id })}`)).items[0];
    const accepted = await update(plainUnit.id, { initial_budget: { net: '5000.00', tax: '950.00' } });
    expect(accepted.status).toBe(200);
    expect(accepted.body.data.attributes).not.toHaveProperty('initial_budget');

    const costProject = await costElementProject();
    const costUnit = (await walk(`${sandbox.fincon}/contract_units/${query({ 'filter[project.in]': costProject.id })}`)).items[0];
    const refused = await update(costUnit.id, { initial_budget: { net: '5000.00', tax: '950.00' } });
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0].source).toEqual({ pointer: '/data/attributes/initial_budget' });
  });

  it('answers 422 for a state outside the enum', async () => {
    const [unit] = await unitsIn('BUDGETED');
    const response = await update(unit.id, { state: 'DONE' });
    expect(response.status).toBe(422);
    expect(response.body.detail[0]).toMatchObject({
      type: 'enum',
      loc: ['body', 'data', 'attributes', 'state'],
      msg: "Input should be 'BUDGETED', 'FULLY_AWARDED', 'FINALIZED', 'CONTINGENCY' or 'FINANCING'",
    });
  });
});
