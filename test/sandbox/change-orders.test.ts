import { Decimal } from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { call, fetchBytes, get, pdf, query, upload, useSandbox, walk, type Json } from './helpers.js';

const sandbox = useSandbox();

describe.each(['fincon', 'capex'] as const)('%s change orders', (product) => {
  const base = () => sandbox.handle.baseUrls[product];

  it('pages over more than 100 change orders in every state', async () => {
    const { pages, items } = await walk(`${base()}/change_orders/`);
    expect(pages.length).toBeGreaterThan(1);
    expect(new Set(items.map((order: Json) => order.attributes.state))).toEqual(
      new Set(['OPEN', 'DETAILS_ENTERED', 'ACKNOWLEDGED', 'REJECTED']),
    );
    for (const order of items) {
      const {
        state,
        approved_amount: approved,
        acknowledged_at: acknowledged,
        declined_at: declined,
        weighting_factor: weight,
      } = order.attributes;
      expect(approved !== null).toBe(state === 'ACKNOWLEDGED');
      expect(acknowledged !== null).toBe(state === 'ACKNOWLEDGED');
      expect(declined !== null).toBe(state === 'REJECTED');
      expect(weight !== null).toBe(state === 'OPEN' || state === 'DETAILS_ENTERED');
    }
  });

  it('filters by state, amount, date and the project of the contract', async () => {
    const all = (await walk(`${base()}/change_orders/`)).items;
    const open = (await walk(`${base()}/change_orders/${query({ 'filter[state.in]': 'OPEN,DETAILS_ENTERED' })}`)).items;
    expect(open.length).toBe(all.filter((order: Json) => ['OPEN', 'DETAILS_ENTERED'].includes(order.attributes.state)).length);
    const big = (await walk(`${base()}/change_orders/${query({ 'filter[claimed_amount.net.greater_than_equal]': '50000' })}`))
      .items;
    expect(big.every((order: Json) => new Decimal(order.attributes.claimed_amount.net).gte(50_000))).toBe(true);
    const unapproved = (await walk(`${base()}/change_orders/${query({ 'filter[approved_amount.net.is]': 'null' })}`)).items;
    expect(unapproved.length).toBe(all.filter((order: Json) => order.attributes.approved_amount === null).length);
    const contract = (await get(`${base()}/contracts/${all[0].attributes.contract}/`)).body.data;
    const scope =
      product === 'fincon'
        ? (await get(`${base()}/contract_units/${contract.attributes.contract_unit}/`)).body.data.attributes.project
        : (await get(`${base()}/measures/${contract.attributes.measure}/`)).body.data.attributes.asset;
    const inScope = (await walk(`${base()}/change_orders/${query({ 'filter[project.in]': scope })}`)).items;
    expect(inScope.map((order: Json) => order.id)).toContain(all[0].id);
    const byDate = (
      await walk(`${base()}/change_orders/${query({ 'filter[change_order_date.range]': '2024-01-01,2024-12-31' })}`)
    ).items;
    expect(byDate.every((order: Json) => order.attributes.change_order_date.startsWith('2024'))).toBe(true);
  });

  it('reads one and the change orders of a contract, and is read-only', async () => {
    const order = (await get(`${base()}/change_orders/`)).body.data[0];
    const one = await get(`${base()}/change_orders/${order.id}/`);
    expect(one.body.data).toEqual(order);
    expect(order.relationships).toEqual({ contract: { data: { id: order.attributes.contract, type: 'CONTRACT' } } });
    const ofContract = (await walk(`${base()}/contracts/${order.attributes.contract}/change_orders/`)).items;
    expect(ofContract.map((item: Json) => item.id)).toContain(order.id);
    expect(ofContract.every((item: Json) => item.attributes.contract === order.attributes.contract)).toBe(true);
    expect((await call(`${base()}/change_orders/`, { method: 'POST', body: {} })).status).toBe(405);
    expect((await call(`${base()}/change_orders/${order.id}/`, { method: 'PATCH', body: {} })).status).toBe(405);
  });

  it('holds documents: the offer always, the annotated review once reviewed', async () => {
    const acknowledged = (await get(`${base()}/change_orders/${query({ 'filter[state.in]': 'ACKNOWLEDGED' })}`)).body.data[0];
    const documents = (await get(`${base()}/change_orders/${acknowledged.id}/documents/`)).body.data;
    expect(documents.map((document: Json) => document.attributes.document_type)).toEqual([
      'CHANGE_ORDER_OFFER',
      'AUDITED_CHANGE_ORDER',
      'CHANGE_ORDER',
    ]);
    const review = documents[1];
    expect(review.links).toEqual({
      self: `${base()}/change_orders/${acknowledged.id}/documents/${review.id}/`,
      download: `${base()}/change_orders/${acknowledged.id}/documents/${review.id}/download/`,
      download_annotated: `${base()}/change_orders/${acknowledged.id}/documents/${review.id}/download-annotated/`,
    });
    const original = await fetchBytes((await get(review.links.download)).headers.location as string, {});
    const annotated = await fetchBytes(review.links.download_annotated);
    expect(annotated.status).toBe(200);
    expect(annotated.bytes.toString('latin1')).toContain('Prüfvermerke');
    expect(original.bytes.toString('latin1')).not.toContain('Prüfvermerke');
    const offer = documents[0];
    const offerAnnotated = await fetchBytes(offer.links.download_annotated);
    const offerOriginal = await fetchBytes((await get(offer.links.download)).headers.location as string, {});
    expect(offerAnnotated.bytes.equals(offerOriginal.bytes)).toBe(true);
  });

  it('uploads a change order document (201) as PDF only, and filters documents by type', async () => {
    const order = (await get(`${base()}/change_orders/${query({ 'filter[state.in]': 'OPEN' })}`)).body.data[0];
    const uploaded = await upload(
      `${base()}/change_orders/${order.id}/documents/`,
      { document_type: 'VALUATIONS' },
      { field: 'upload', filename: 'Aufmass.pdf', content: pdf('Aufmaß') },
    );
    expect(uploaded.status).toBe(201);
    expect(uploaded.body.data).toMatchObject({
      type: 'CHANGE_ORDER_DOCUMENT',
      attributes: { document_type: 'VALUATIONS', filename: 'Aufmass.pdf' },
      relationships: { change_order: { data: { id: order.id, type: 'CHANGE_ORDER' } } },
    });
    const valuations = await get(
      `${base()}/change_orders/${order.id}/documents/${query({ 'filter[document_type.in]': 'VALUATIONS' })}`,
    );
    expect(valuations.body.data.map((document: Json) => document.id)).toEqual([uploaded.body.data.id]);
    const others = await get(
      `${base()}/change_orders/${order.id}/documents/${query({ 'filter[document_type.not_in]': 'VALUATIONS' })}`,
    );
    expect(others.body.data.map((document: Json) => document.attributes.document_type)).toEqual(['CHANGE_ORDER_OFFER']);
    const refused = await upload(
      `${base()}/change_orders/${order.id}/documents/`,
      { document_type: 'PLANS' },
      { field: 'upload', filename: 'plan.dwg', content: Buffer.from('AC1032') },
    );
    expect(refused.status).toBe(422);
    expect((await get(`${base()}/change_orders/${order.id}/documents/${uploaded.body.data.id}/`)).body.data).toEqual(
      uploaded.body.data,
    );
  });
});
