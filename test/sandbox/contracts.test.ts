import { describe, expect, it } from 'vitest';
import { get, patch, post, query, useSandbox, walk, type Json } from './helpers.js';

const sandbox = useSandbox();

const PRODUCTS = {
  fincon: { parent: 'contract_unit', parents: '/contract_units/', parentType: 'CONTRACT_UNIT', scope: 'project' },
  capex: { parent: 'measure', parents: '/measures/', parentType: 'MEASURE', scope: 'asset' },
} as const;

describe.each(Object.entries(PRODUCTS))('%s contracts', (product, { parent, parents, parentType, scope }) => {
  const base = () => sandbox.handle.baseUrls[product as 'fincon' | 'capex'];
  const ref = (type: string, id: string) => ({ data: { id, type } });

  async function parts() {
    const contract = (await walk(`${base()}/contracts/${query({ 'filter[status.in]': 'ORDERED' })}`)).items[0];
    return {
      parentId: contract.attributes[parent] as string,
      entity: contract.attributes.contracting_entity as string,
      contractor: contract.attributes.contractor as string,
    };
  }

  function createBody(relationships: Record<string, unknown>, attributes: Record<string, unknown> = {}) {
    return {
      data: {
        type: 'CONTRACT',
        attributes: { name: 'Baustrom und Bauwasser', is_reverse_charge: false, ...attributes },
        relationships,
      },
    };
  }

  async function createDraft(attributes: Record<string, unknown> = {}, withContractor = false): Promise<Json> {
    const { parentId, entity, contractor } = await parts();
    const relationships: Record<string, unknown> = {
      [parent]: ref(parentType, parentId),
      contracting_entity: ref('CONTRACTING_ENTITY', entity),
    };
    if (withContractor) relationships.contractor = ref('CONTRACTOR', contractor);
    const response = await post(`${base()}/contracts/`, createBody(relationships, attributes));
    expect(response.status).toBe(200);
    return response.body.data;
  }

  const update = (id: string, attributes: Record<string, unknown>, relationships?: Record<string, unknown>) =>
    patch(`${base()}/contracts/${id}/`, { data: { id, type: 'CONTRACT', attributes, ...(relationships && { relationships }) } });

  describe('create', () => {
    it('answers 200 with a single contract in DRAFT', async () => {
      const { parentId, entity } = await parts();
      const response = await post(
        `${base()}/contracts/`,
        createBody(
          { [parent]: ref(parentType, parentId), contracting_entity: ref('CONTRACTING_ENTITY', entity) },
          { amount: { net: '48000.00', tax: '9120.00', currency: 'EUR' }, contract_number: 'BS-01', date_contract: '2026-07-01' },
        ),
      );
      expect(response.status).toBe(200);
      expect(response.body.data).toMatchObject({
        type: 'CONTRACT',
        attributes: {
          name: 'Baustrom und Bauwasser',
          status: 'DRAFT',
          contract_type: 'STANDARD',
          [parent]: parentId,
          contracting_entity: entity,
          contractor: null,
          amount: { currency: 'EUR', net: '48000.00', tax: '9120.00' },
          contract_number: 'BS-01',
          cost_center: '',
          description: '',
          reserve_amount: null,
        },
      });
      const other = product === 'fincon' ? 'measure' : 'contract_unit';
      expect(response.body.data.attributes).not.toHaveProperty(other);
      const terms = await get(`${base()}/contracts/${response.body.data.id}/contract_terms/`);
      expect(terms.body.data).toMatchObject({ type: 'CONTRACT_TERMS', attributes: { rules: [] } });
      expect(terms.body.data).not.toHaveProperty('id');
      const listed = await walk(`${base()}${parents}${parentId}/contracts/`);
      expect(listed.items.map((item: Json) => item.id)).toContain(response.body.data.id);
    });

    it.each(['MULTIPART', 'RECURRING'])('refuses a %s contract with 400', async (type) => {
      const { parentId, entity } = await parts();
      const body = createBody(
        { [parent]: ref(parentType, parentId), contracting_entity: ref('CONTRACTING_ENTITY', entity) },
        { contract_type: type },
      );
      const response = await post(`${base()}/contracts/`, body);
      expect(response.status).toBe(400);
      expect(response.body.errors[0]).toMatchObject({ source: { pointer: '/data/attributes/contract_type' } });
      expect(response.body.errors[0].detail).toContain('Only single contracts');
    });

    it('refuses a status other than DRAFT', async () => {
      const { parentId, entity } = await parts();
      const body = createBody(
        { [parent]: ref(parentType, parentId), contracting_entity: ref('CONTRACTING_ENTITY', entity) },
        { status: 'ORDERED' },
      );
      const response = await post(`${base()}/contracts/`, body);
      expect(response.status).toBe(400);
      expect(response.body.errors[0].source).toEqual({ pointer: '/data/attributes/status' });
    });

    it(`answers 422 without the ${parent} relationship and is_reverse_charge`, async () => {
      const { entity } = await parts();
      const response = await post(`${base()}/contracts/`, {
        data: { attributes: { name: 'X' }, relationships: { contracting_entity: ref('CONTRACTING_ENTITY', entity) } },
      });
      expect(response.status).toBe(422);
      expect(response.body.detail.map((item: Json) => item.loc.slice(1).join('.')).sort()).toEqual(
        ['data.attributes.is_reverse_charge', `data.relationships.${parent}`].sort(),
      );
    });

    it(`answers 404 pointing at an unknown ${parent}`, async () => {
      const { entity } = await parts();
      const unknown = '7e57c0de-0000-4000-8000-00000000abcd';
      const response = await post(
        `${base()}/contracts/`,
        createBody({ [parent]: ref(parentType, unknown), contracting_entity: ref('CONTRACTING_ENTITY', entity) }),
      );
      expect(response.status).toBe(404);
      expect(response.body.errors[0].source).toEqual({ pointer: `/data/relationships/${parent}/data/id` });
    });
  });

  describe('update', () => {
    it('changes only what is sent (200) and requires data.id to match', async () => {
      const draft = await createDraft();
      const response = await update(draft.id, { description: 'Baustrom für den Kran', cost_center: 'KS-900' });
      expect(response.status).toBe(200);
      expect(response.body.data.attributes).toEqual({
        ...draft.attributes,
        description: 'Baustrom für den Kran',
        cost_center: 'KS-900',
      });
      const mismatch = await patch(`${base()}/contracts/${draft.id}/`, {
        data: { id: '11111111-1111-4111-8111-111111111111', attributes: {} },
      });
      expect(mismatch.status).toBe(400);
      expect(mismatch.body.errors[0].source).toEqual({ pointer: '/data/id' });
    });

    it('needs a contractor before the contract leaves DRAFT', async () => {
      const draft = await createDraft();
      const refused = await update(draft.id, { status: 'ORDERED' });
      expect(refused.status).toBe(400);
      expect(refused.body.errors[0].source).toEqual({ pointer: '/data/relationships/contractor' });
      expect((await get(`${base()}/contracts/${draft.id}/`)).body.data.attributes.status).toBe('DRAFT');

      const { contractor } = await parts();
      const ordered = await update(draft.id, { status: 'ORDERED' }, { contractor: ref('CONTRACTOR', contractor) });
      expect(ordered.status).toBe(200);
      expect(ordered.body.data.attributes).toMatchObject({ status: 'ORDERED', contractor });
    });

    it('moves through the statuses and back to DRAFT while there are no invoices', async () => {
      const draft = await createDraft({}, true);
      for (const status of ['ORDERED', 'PARTIAL_COMPLETED', 'COMPLETED', 'ORDERED', 'DRAFT']) {
        const response = await update(draft.id, { status });
        expect(response.status, status).toBe(200);
        expect(response.body.data.attributes.status).toBe(status);
      }
    });

    it('keeps a contract with invoices out of DRAFT', async () => {
      const standard = (await walk(`${base()}/contracts/${query({ 'filter[contract_type.in]': 'STANDARD' })}`)).items.map(
        (item: Json) => item.id,
      );
      const invoices = (await walk(`${base()}/invoices/${query({ 'filter[contract.in]': standard.join(',') })}`)).items;
      const contractId = invoices[0].attributes.contract;
      const response = await update(contractId, { status: 'DRAFT' });
      expect(response.status).toBe(400);
      expect(response.body.errors[0].detail).toContain('invoice');
    });

    it('never changes the status of a MULTIPART contract', async () => {
      const multipart = (await walk(`${base()}/contracts/${query({ 'filter[contract_type.in]': 'MULTIPART' })}`)).items[0];
      expect(multipart).toBeDefined();
      const other = multipart.attributes.status === 'COMPLETED' ? 'ORDERED' : 'COMPLETED';
      const response = await update(multipart.id, { status: other });
      expect(response.status).toBe(400);
      expect(response.body.errors[0]).toMatchObject({ source: { pointer: '/data/attributes/status' } });
      expect(response.body.errors[0].detail).toContain('MULTIPART');
      const unchanged = await update(multipart.id, { status: multipart.attributes.status, description: 'Stufe 2 beauftragt' });
      expect(unchanged.status).toBe(200);
    });

    it('answers 422 for a status outside the enum', async () => {
      const draft = await createDraft();
      const response = await update(draft.id, { status: 'CANCELLED' });
      expect(response.status).toBe(422);
      expect(response.body.detail[0]).toMatchObject({ type: 'enum', loc: ['body', 'data', 'attributes', 'status'] });
    });

    it(`changes contractor, contracting entity and ${parent} (within the ${scope})`, async () => {
      const draft = await createDraft();
      const entities = (await get(`${base()}/contracting_entities/`)).body.data;
      const otherEntity = entities.find((entity: Json) => entity.id !== draft.attributes.contracting_entity).id;
      const contractor = (await get(`${base()}/contractors/`)).body.data[3].id;
      const siblings = (await walk(`${base()}/contracts/${query({ 'filter[project.in]': await scopeOf(draft) })}`)).items;
      const sibling = siblings.find((contract: Json) => contract.attributes[parent] !== draft.attributes[parent]);
      const response = await update(
        draft.id,
        {},
        {
          contractor: ref('CONTRACTOR', contractor),
          contracting_entity: ref('CONTRACTING_ENTITY', otherEntity),
          [parent]: ref(parentType, sibling.attributes[parent]),
        },
      );
      expect(response.status).toBe(200);
      expect(response.body.data.attributes).toMatchObject({
        contractor,
        contracting_entity: otherEntity,
        [parent]: sibling.attributes[parent],
      });

      const elsewhere = (await walk(`${base()}/contracts/${query({ 'filter[project.not_in]': await scopeOf(draft) })}`)).items[0];
      const refused = await update(draft.id, {}, { [parent]: ref(parentType, elsewhere.attributes[parent]) });
      expect(refused.status).toBe(400);
      expect(refused.body.errors[0].source).toEqual({ pointer: `/data/relationships/${parent}/data/id` });
    });
  });

  async function scopeOf(contract: Json): Promise<string> {
    const owner = (await get(`${base()}${parents}${contract.attributes[parent]}/`)).body.data;
    return owner.attributes[scope];
  }

  describe('reading', () => {
    it('lists contracts per contracting entity and per contractor with include', async () => {
      const contract = (await walk(`${base()}/contracts/${query({ 'filter[status.in]': 'COMPLETED' })}`)).items[0];
      const include = product === 'fincon' ? 'contractor,contract_unit.project' : 'contractor,measure.asset';
      const byEntity = await walk(
        `${base()}/contracting_entities/${contract.attributes.contracting_entity}/contracts/?include=${include}`,
      );
      expect(
        byEntity.items.every((item: Json) => item.attributes.contracting_entity === contract.attributes.contracting_entity),
      ).toBe(true);
      expect(byEntity.items.map((item: Json) => item.id)).toContain(contract.id);
      const byContractor = await get(`${base()}/contractors/${contract.attributes.contractor}/contracts/?include=${include}`);
      expect(byContractor.body.data.every((item: Json) => item.attributes.contractor === contract.attributes.contractor)).toBe(
        true,
      );
      const types = new Set(byContractor.body.included.map((item: Json) => item.type));
      expect(types).toEqual(
        new Set(product === 'fincon' ? ['CONTRACTOR', 'CONTRACT_UNIT', 'PROJECT'] : ['CONTRACTOR', 'MEASURE', 'ASSET']),
      );
    });

    it('includes only the parent chain of its own product', async () => {
      const wrong = product === 'fincon' ? 'measure' : 'contract_unit';
      const response = await get(`${base()}/contracts/?include=${wrong}`);
      expect(response.status).toBe(400);
      expect(response.body.errors[0].detail).toContain(parent);
    });

    it('serves seeded contract terms with their calculation rules', async () => {
      const contracts = (await walk(`${base()}/contracts/`)).items;
      let rules: Json[] = [];
      for (const contract of contracts) {
        rules = (await get(`${base()}/contracts/${contract.id}/contract_terms/`)).body.data.attributes.rules;
        if (rules.length > 0) break;
      }
      expect(rules[0]).toMatchObject({
        rule_type: expect.stringMatching(/^(deduction|retainage|cost_allocation|guarantee|insurance)$/),
        param_values: { percentage: expect.stringMatching(/^\d+\.\d\d$/) },
        order_in_block: 1,
      });
    });

    it('filters contracts by custom field values, with operations by field type', async () => {
      const contracts = (await walk(`${base()}/contracts/`)).items;
      const withFields = await Promise.all(
        contracts.slice(0, 30).map(async (contract: Json) => ({
          contract,
          fields: (await get(`${base()}/contracts/${contract.id}/custom_fields/`)).body.data,
        })),
      );
      const flagged = withFields.find(({ fields }) =>
        fields.some((field: Json) => field.attributes.value === 'true' || field.attributes.value === 'false'),
      );
      expect(flagged).toBeDefined();
      const flag = flagged?.fields.find((field: Json) => field.attributes.value === 'true' || field.attributes.value === 'false');
      const matching = await walk(
        `${base()}/contracts/${query({ [`filter[custom_fields.${flag.id}.is]`]: flag.attributes.value })}`,
      );
      expect(matching.items.map((item: Json) => item.id)).toContain(flagged?.contract.id);
      const expected = withFields.filter(({ fields }) =>
        fields.some((field: Json) => field.id === flag.id && field.attributes.value === flag.attributes.value),
      );
      for (const { contract } of expected) expect(matching.items.map((item: Json) => item.id)).toContain(contract.id);

      const notForText = await get(`${base()}/contracts/${query({ [`filter[custom_fields.${flag.id}.contains]`]: 'x' })}`);
      expect(notForText.status).toBe(400);
      const unknown = await get(
        `${base()}/contracts/${query({ 'filter[custom_fields.00000000-0000-4000-8000-000000000000.is]': 'true' })}`,
      );
      expect(unknown.status).toBe(400);
      expect(unknown.body.errors[0].detail).toContain('custom_fields.<uuid>');
    });
  });
});

describe('custom fields', () => {
  it('shows former MONEY fields as DECIMAL with unit CURRENCY, values as decimal strings', async () => {
    const definitions = (await walk(`${sandbox.fincon}/custom_field_definitions/`)).items;
    expect(definitions.some((definition: Json) => definition.attributes.field_type === 'MONEY')).toBe(false);
    const formerMoney = definitions.filter((definition: Json) => definition.attributes.unit === 'CURRENCY');
    expect(formerMoney.length).toBeGreaterThanOrEqual(2);
    expect(formerMoney.every((definition: Json) => definition.attributes.field_type === 'DECIMAL')).toBe(true);
    const byType = await get(`${sandbox.fincon}/custom_field_definitions/${query({ 'filter[field_type.in]': 'MONEY' })}`);
    expect(byType.body.data).toEqual([]);
    const one = await get(`${sandbox.fincon}/custom_field_definitions/${formerMoney[0].id}/`);
    expect(one.body.data).toEqual(formerMoney[0]);

    const projects = (await get(`${sandbox.fincon}/projects/`)).body.data;
    const values = (
      await Promise.all(projects.map((project: Json) => get(`${sandbox.fincon}/projects/${project.id}/custom_fields/`)))
    ).flatMap((response) => response.body.data);
    const money = values.filter((field: Json) => formerMoney.some((definition: Json) => definition.id === field.id));
    expect(money.length).toBeGreaterThan(0);
    for (const field of money) expect(field.attributes.value).toMatch(/^\d+\.\d{2}$/);
  });
});
