import { describe, expect, it } from 'vitest';
import { fetchBytes, get, patch, pdf, post, query, remove, upload, useSandbox, walk, type Json } from './helpers.js';

const sandbox = useSandbox();
const products = ['fincon', 'capex'] as const;
const baseOf = (product: (typeof products)[number]) => sandbox.handle.baseUrls[product];

describe('properties', () => {
  it('creates (201) with defaults, reads, updates only what is sent, and filters', async () => {
    const created = await post(`${sandbox.fincon}/properties/`, {
      data: { type: 'PROPERTY', attributes: { name: 'Alte Brauerei', city: 'Bamberg', country: 'DE' } },
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      type: 'PROPERTY',
      attributes: { name: 'Alte Brauerei', city: 'Bamberg', country: 'DE', address: '', zip_code: '', description: '' },
    });
    const id = created.body.data.id;
    const updated = await patch(`${sandbox.fincon}/properties/${id}/`, {
      data: { type: 'PROPERTY', attributes: { zip_code: '96047' } },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.data.attributes).toMatchObject({ name: 'Alte Brauerei', zip_code: '96047' });
    expect((await get(`${sandbox.fincon}/properties/${id}/`)).body.data).toEqual(updated.body.data);
    const found = await get(`${sandbox.fincon}/properties/${query({ 'filter[city.exact]': 'Bamberg' })}`);
    expect(found.body.data.map((property: Json) => property.id)).toEqual([id]);
  });

  it('answers 422 without a name and for a country outside the enum', async () => {
    const response = await post(`${sandbox.fincon}/properties/`, { data: { type: 'PROPERTY', attributes: { country: 'XX' } } });
    expect(response.status).toBe(422);
    expect(response.body.detail.map((item: Json) => item.loc.at(-1)).sort()).toEqual(['country', 'name']);
  });

  it('lists the projects of a property', async () => {
    const project = (await get(`${sandbox.fincon}/projects/`)).body.data[0];
    const response = await get(`${sandbox.fincon}/properties/${project.attributes.property}/projects/`);
    expect(response.body.data.map((item: Json) => item.id)).toEqual([project.id]);
  });
});

describe('projects', () => {
  async function references() {
    const property = (await get(`${sandbox.fincon}/properties/`)).body.data.at(-1);
    const entity = (await get(`${sandbox.fincon}/contracting_entities/`)).body.data[0];
    const template = (await get(`${sandbox.fincon}/cost_element_tree_templates/`)).body.data[0];
    return { property: property.id, entity: entity.id, template: template.id };
  }

  it('creates a project (201) with decimals from numbers or strings', async () => {
    const { property, entity } = await references();
    const response = await post(`${sandbox.fincon}/projects/`, {
      data: {
        type: 'PROJECT',
        attributes: {
          name: 'Quartier Mälzerei',
          property,
          default_contracting_entity: entity,
          gross_floor_area: 5400,
          default_tax_rate: '7',
          identifier: 'QM-2026',
        },
      },
    });
    expect(response.status).toBe(201);
    expect(response.body.data.attributes).toMatchObject({
      name: 'Quartier Mälzerei',
      identifier: 'QM-2026',
      gross_floor_area: '5400.00',
      default_tax_rate: '7.00',
      is_active: true,
      use_cost_elements: false,
      cost_element_tree_template: null,
    });
    expect(response.body.data.attributes).not.toHaveProperty('custom_fields');
    const byEntity = await walk(`${sandbox.fincon}/contracting_entities/${entity}/projects/`);
    expect(byEntity.items.map((item: Json) => item.id)).toContain(response.body.data.id);
  });

  it('answers 404 pointing at a reference that does not exist', async () => {
    const { entity } = await references();
    const unknown = '3a1c5b7d-2e4f-4a6b-8c9d-0e1f2a3b4c5d';
    const response = await post(`${sandbox.fincon}/projects/`, {
      data: { type: 'PROJECT', attributes: { name: 'X', property: unknown, default_contracting_entity: entity } },
    });
    expect(response.status).toBe(404);
    expect(response.body.errors[0].source).toEqual({ pointer: '/data/attributes/property' });
  });

  it('needs a tree template to use cost elements', async () => {
    const { property, entity, template } = await references();
    const attributes = { name: 'Kostenelemente', property, default_contracting_entity: entity, use_cost_elements: true };
    const without = await post(`${sandbox.fincon}/projects/`, { data: { type: 'PROJECT', attributes } });
    expect(without.status).toBe(400);
    expect(without.body.errors[0].source).toEqual({ pointer: '/data/attributes/cost_element_tree_template' });
    const withTemplate = await post(`${sandbox.fincon}/projects/`, {
      data: { type: 'PROJECT', attributes: { ...attributes, cost_element_tree_template: template } },
    });
    expect(withTemplate.status).toBe(201);
    expect(withTemplate.body.data.attributes).toMatchObject({ use_cost_elements: true, cost_element_tree_template: template });
  });

  it('updates only what is sent (200)', async () => {
    const project = (await get(`${sandbox.fincon}/projects/${query({ 'filter[name.exact]': 'Wohnpark Isarauen' })}`)).body
      .data[0];
    const response = await patch(`${sandbox.fincon}/projects/${project.id}/`, {
      data: { type: 'PROJECT', attributes: { description: 'Vier Mehrfamilienhäuser, KfW 40', estimated_end_date: '2027-03-31' } },
    });
    expect(response.status).toBe(200);
    expect(response.body.data.attributes).toEqual({
      ...project.attributes,
      description: 'Vier Mehrfamilienhäuser, KfW 40',
      estimated_end_date: '2027-03-31',
    });
  });

  it('lists its custom field values by definition', async () => {
    const project = (await get(`${sandbox.fincon}/projects/`)).body.data[0];
    const definitions = (await walk(`${sandbox.fincon}/custom_field_definitions/?filter[object_type.in]=PROJECT`)).items;
    const fields = (await get(`${sandbox.fincon}/projects/${project.id}/custom_fields/`)).body.data;
    expect(fields.length).toBeGreaterThan(0);
    for (const field of fields) {
      const definition = definitions.find((candidate: Json) => candidate.id === field.id);
      expect(definition.attributes.name).toBe(field.attributes.name);
    }
  });
});

describe('contacts', () => {
  it('creates with the defaults of the API (201) and updates (200)', async () => {
    const created = await post(`${sandbox.fincon}/contacts/`, {
      data: {
        type: 'CONTACT',
        attributes: { first_name: 'Hanna', last_name: 'Vogt', type: 'PRIVATE', email: 'hanna.vogt@mail.example' },
      },
    });
    expect(created.status).toBe(201);
    expect(created.body.data.attributes).toMatchObject({
      first_name: 'Hanna',
      last_name: 'Vogt',
      name: 'Hanna Vogt',
      salutation: 'NOT_SPECIFIED',
      title: 'NO_TITLE',
      type: 'PRIVATE',
      date_created: expect.stringMatching(/^20\d\d-/),
    });
    const id = created.body.data.id;
    const updated = await patch(`${sandbox.fincon}/contacts/${id}/`, {
      data: { type: 'CONTACT', attributes: { salutation: 'FEMALE', title: 'DR', city: 'Trier' } },
    });
    expect(updated.body.data.attributes).toMatchObject({
      salutation: 'FEMALE',
      title: 'DR',
      city: 'Trier',
      email: 'hanna.vogt@mail.example',
    });
    expect((await get(`${sandbox.fincon}/contacts/${id}/`)).body.data).toEqual(updated.body.data);
  });

  it('answers 422 for a missing type and a salutation outside the enum', async () => {
    const response = await post(`${sandbox.fincon}/contacts/`, {
      data: { type: 'CONTACT', attributes: { first_name: 'A', last_name: 'B', salutation: 'MR' } },
    });
    expect(response.status).toBe(422);
    expect(response.body.detail.map((item: Json) => [item.loc.at(-1), item.type]).sort()).toEqual([
      ['salutation', 'enum'],
      ['type', 'missing'],
    ]);
  });

  it('pages over more than 100 contacts and filters them', async () => {
    const { pages, items } = await walk(`${sandbox.fincon}/contacts/`);
    expect(pages.length).toBeGreaterThan(1);
    const commercial = (await walk(`${sandbox.fincon}/contacts/${query({ 'filter[type.in]': 'COMMERCIAL' })}`)).items;
    expect(commercial.length).toBe(items.filter((contact: Json) => contact.attributes.type === 'COMMERCIAL').length);
  });
});

describe.each(products)('%s contracting entities', (product) => {
  const entity = (attributes: Record<string, unknown>) => ({ data: { type: 'CONTRACTING_ENTITY', attributes } });

  it('creates (201) with empty strings for absent text fields, updates (200), reads', async () => {
    const created = await post(
      `${baseOf(product)}/contracting_entities/`,
      entity({ name: `Projektgesellschaft ${product} GmbH`, tax_authority: 'SAXONY' }),
    );
    expect(created.status).toBe(201);
    expect(created.body.data.attributes).toMatchObject({
      name: `Projektgesellschaft ${product} GmbH`,
      tax_authority: 'SAXONY',
      vat_id: '',
      website: '',
      address: '',
    });
    const id = created.body.data.id;
    const updated = await patch(
      `${baseOf(product)}/contracting_entities/${id}/`,
      entity({ vat_id: 'DE811234567', tax_authority: null }),
    );
    expect(updated.status).toBe(200);
    expect(updated.body.data.attributes).toMatchObject({
      vat_id: 'DE811234567',
      tax_authority: null,
      name: `Projektgesellschaft ${product} GmbH`,
    });
    expect((await get(`${baseOf(product)}/contracting_entities/${id}/`)).body.data).toEqual(updated.body.data);
  });

  it('keeps names unique (409) and answers 422 for an empty name', async () => {
    const existing = (await get(`${baseOf(product)}/contracting_entities/`)).body.data[0];
    const duplicate = await post(`${baseOf(product)}/contracting_entities/`, entity({ name: existing.attributes.name }));
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.errors[0].source).toEqual({ pointer: '/data/attributes/name' });
    const empty = await post(`${baseOf(product)}/contracting_entities/`, entity({ name: '' }));
    expect(empty.status).toBe(422);
    expect(empty.body.detail[0]).toMatchObject({ type: 'string_too_short', loc: ['body', 'data', 'attributes', 'name'] });
  });

  it('filters by tax authority', async () => {
    const all = (await walk(`${baseOf(product)}/contracting_entities/`)).items;
    const authority = all[0].attributes.tax_authority;
    const found = (await walk(`${baseOf(product)}/contracting_entities/${query({ 'filter[tax_authority.in]': authority })}`))
      .items;
    expect(found.length).toBe(all.filter((item: Json) => item.attributes.tax_authority === authority).length);
  });
});

describe.each(products)('%s contractors', (product) => {
  const contractor = (attributes: Record<string, unknown>) => ({ data: { type: 'CONTRACTOR', attributes } });
  const create = (attributes: Record<string, unknown>) => post(`${baseOf(product)}/contractors/`, contractor(attributes));
  const update = (id: string, attributes: Record<string, unknown>) =>
    patch(`${baseOf(product)}/contractors/${id}/`, contractor(attributes));

  it('creates (201) and updates (200) master data', async () => {
    const created = await create({
      name: 'Lehmann Gerüstbau GmbH',
      country: 'DE',
      iban: 'DE89370400440532013000',
      accounts_payable_number: 71234,
    });
    expect(created.status).toBe(201);
    expect(created.body.data.attributes).toMatchObject({
      name: 'Lehmann Gerüstbau GmbH',
      country: 'DE',
      iban: 'DE89370400440532013000',
      accounts_payable_number: 71234,
      tax_waiver: null,
      identifier: '',
    });
    const updated = await update(created.body.data.id, { bic: 'COBADEFFXXX', city: 'Halle (Saale)' });
    expect(updated.status).toBe(200);
    expect(updated.body.data.attributes).toMatchObject({
      bic: 'COBADEFFXXX',
      city: 'Halle (Saale)',
      iban: 'DE89370400440532013000',
    });
  });

  it('refuses a tax waiver security number before tax authority and tax id are set', async () => {
    const refused = await create({ name: 'Ohne Steuerdaten GmbH', tax_waiver: { security_number: 'S12345678' } });
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0].source).toEqual({ pointer: '/data/attributes/tax_waiver/security_number' });
    expect(refused.body.errors[0].detail).toContain('tax_authority and tax_id');

    const partly = (await create({ name: 'Halb erfasst GmbH', tax_authority: 'BERLIN' })).body.data.id;
    const stillRefused = await update(partly, { tax_waiver: { security_number: 'S12345678' } });
    expect(stillRefused.status).toBe(400);
    expect(stillRefused.body.errors[0].detail).toContain('tax_id');
    expect((await get(`${baseOf(product)}/contractors/${partly}/`)).body.data.attributes.tax_waiver).toBeNull();
  });

  it('creates the tax waiver from a security number, with the tax data in the same body or stored', async () => {
    const inBody = await create({
      name: 'Krause Abbruch GmbH',
      tax_authority: 'SAXONY',
      tax_id: '201/118/40017',
      tax_waiver: { security_number: 'S00042' },
    });
    expect(inBody.status).toBe(201);
    expect(inBody.body.data.attributes.tax_waiver).toEqual({ security_number: 'S00042', filename: null, valid_until: null });

    const stored = (await create({ name: 'Wenzel Dach GmbH', tax_authority: 'BREMEN', tax_id: '60/145/12345' })).body.data.id;
    const set = await update(stored, { tax_waiver: { security_number: 'S777' } });
    expect(set.status).toBe(200);
    expect(set.body.data.attributes.tax_waiver).toMatchObject({ security_number: 'S777' });
  });

  it('keeps the tax waiver and its certificate when the security number is set empty', async () => {
    // The product specification: an empty security number only sets tax_waiver_required to false.
    const withWaiver = (await walk(`${baseOf(product)}/contractors/`)).items.find(
      (item: Json) => item.attributes.tax_waiver?.filename,
    );
    const cleared = await update(withWaiver.id, { tax_waiver: { security_number: '' } });
    expect(cleared.status).toBe(200);
    expect(cleared.body.data.attributes.tax_waiver).toEqual({
      security_number: '',
      filename: withWaiver.attributes.tax_waiver.filename,
      valid_until: withWaiver.attributes.tax_waiver.valid_until,
    });
    expect((await get(`${baseOf(product)}/contractors/${withWaiver.id}/`)).body.data).toEqual(cleared.body.data);
    expect((await get(`${baseOf(product)}/contractors/${withWaiver.id}/download-tax-waiver/`)).status).toBe(302);

    const without = (await create({ name: 'Ohne Freistellung GmbH' })).body.data.id;
    const emptyFirst = await update(without, { tax_waiver: { security_number: '' } });
    expect(emptyFirst.status).toBe(200);
    expect(emptyFirst.body.data.attributes.tax_waiver).toBeNull();
  });

  it('changes nothing when it refuses a tax waiver', async () => {
    const id = (await create({ name: 'Teilweise GmbH', city: 'Gera' })).body.data.id;
    const refused = await update(id, { city: 'Jena', tax_authority: 'THURINGIA', tax_waiver: { security_number: 'S1' } });
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0].detail).toContain('set tax_id first');
    expect((await get(`${baseOf(product)}/contractors/${id}/`)).body.data.attributes).toMatchObject({
      city: 'Gera',
      tax_authority: null,
      tax_waiver: null,
    });
  });

  it('uploads the tax waiver certificate as PDF (200 with the filename) and downloads it through a 302', async () => {
    const id = (
      await create({
        name: 'Sommer Glasbau KG',
        tax_authority: 'HESSE',
        tax_id: '045/226/10101',
        tax_waiver: { security_number: 'S9' },
      })
    ).body.data.id;
    expect((await get(`${baseOf(product)}/contractors/${id}/download-tax-waiver/`)).status).toBe(404);
    const content = pdf('Freistellungsbescheinigung');
    const uploaded = await upload(
      `${baseOf(product)}/contractors/${id}/upload-tax-waiver/`,
      {},
      { field: 'upload', filename: 'Freistellung_2027.pdf', content },
    );
    expect(uploaded.status).toBe(200);
    expect(uploaded.body).toEqual({ data: { filename: 'Freistellung_2027.pdf' }, errors: null, included: null, links: null });
    expect((await get(`${baseOf(product)}/contractors/${id}/`)).body.data.attributes.tax_waiver.filename).toBe(
      'Freistellung_2027.pdf',
    );
    const download = await get(`${baseOf(product)}/contractors/${id}/download-tax-waiver/`);
    expect(download.status).toBe(302);
    expect((await fetchBytes(download.headers.location as string, {})).bytes.equals(content)).toBe(true);
  });

  it('refuses a tax waiver upload that is not a PDF (422) or without a waiver (400)', async () => {
    const withWaiver = (await walk(`${baseOf(product)}/contractors/`)).items.find(
      (item: Json) => item.attributes.tax_waiver?.filename,
    );
    const notPdf = await upload(
      `${baseOf(product)}/contractors/${withWaiver.id}/upload-tax-waiver/`,
      {},
      {
        field: 'upload',
        filename: 'scan.jpg',
        contentType: 'image/jpeg',
        content: Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
      },
    );
    expect(notPdf.status).toBe(422);
    expect(notPdf.body.detail[0].loc).toEqual(['body', 'upload']);
    const without = (await create({ name: 'Ohne Freistellung GmbH' })).body.data.id;
    const refused = await upload(
      `${baseOf(product)}/contractors/${without}/upload-tax-waiver/`,
      {},
      { field: 'upload', filename: 'f.pdf', content: pdf() },
    );
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0].detail).toContain('security_number');
  });

  it(`filters contractors by the ${product === 'fincon' ? 'project' : 'asset'} they work in`, async () => {
    const scopeFilter = product === 'fincon' ? 'project' : 'asset';
    const scope = (await get(`${baseOf(product)}/${product === 'fincon' ? 'projects' : 'assets'}/`)).body.data[0].id;
    const contracts = (await walk(`${baseOf(product)}/contracts/${query({ 'filter[project.in]': scope })}`)).items;
    const expected = new Set(contracts.map((contract: Json) => contract.attributes.contractor).filter(Boolean));
    const found = (await walk(`${baseOf(product)}/contractors/${query({ [`filter[${scopeFilter}.in]`]: scope })}`)).items;
    expect(new Set(found.map((item: Json) => item.id))).toEqual(expected);
    expect(expected.size).toBeGreaterThan(0);
    const other = product === 'fincon' ? 'asset' : 'project';
    expect((await get(`${baseOf(product)}/contractors/${query({ [`filter[${other}.in]`]: scope })}`)).status).toBe(400);
  });
});

describe.each(products)('%s tags', (product) => {
  const tag = (attributes: Record<string, unknown>) => ({ data: { type: 'TAG', attributes } });

  it('creates (201, UNSPECIFIED without colour), updates (200) and lists', async () => {
    const created = await post(`${baseOf(product)}/tags/`, tag({ name: `Prüfen ${product}` }));
    expect(created.status).toBe(201);
    expect(created.body.data.attributes).toEqual({ name: `Prüfen ${product}`, color: 'UNSPECIFIED' });
    const updated = await patch(`${baseOf(product)}/tags/${created.body.data.id}/`, tag({ color: 'ORANGE' }));
    expect(updated.status).toBe(200);
    expect(updated.body.data.attributes).toEqual({ name: `Prüfen ${product}`, color: 'ORANGE' });
    expect((await get(`${baseOf(product)}/tags/`)).body.data.map((item: Json) => item.id)).toContain(created.body.data.id);
  });

  it('refuses a duplicate name (409) and UNSPECIFIED as input (422)', async () => {
    const existing = (await get(`${baseOf(product)}/tags/`)).body.data[0];
    expect((await post(`${baseOf(product)}/tags/`, tag({ name: existing.attributes.name }))).status).toBe(409);
    const unspecified = await post(`${baseOf(product)}/tags/`, tag({ name: 'Neu', color: 'UNSPECIFIED' }));
    expect(unspecified.status).toBe(422);
    expect(unspecified.body.detail[0].loc).toEqual(['body', 'data', 'attributes', 'color']);
  });

  it('deletes a tag (204), which takes it off the invoices', async () => {
    const created = (await post(`${baseOf(product)}/tags/`, tag({ name: `Vorübergehend ${product}`, color: 'BLUE' }))).body.data;
    const invoice = (await get(`${baseOf(product)}/invoices/`)).body.data[0];
    await post(`${baseOf(product)}/invoices/${invoice.id}/tags/assign/`, {
      data: { type: 'TAG', attributes: { tag_id: created.id } },
    });
    const deleted = await remove(`${baseOf(product)}/tags/${created.id}/`);
    expect(deleted.status).toBe(204);
    expect(deleted.body).toBeUndefined();
    expect((await get(`${baseOf(product)}/invoices/${invoice.id}/tags/`)).body.data.map((item: Json) => item.id)).not.toContain(
      created.id,
    );
    expect((await remove(`${baseOf(product)}/tags/${created.id}/`)).status).toBe(404);
  });
});
