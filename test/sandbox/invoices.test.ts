import { Decimal } from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { call, fetchBytes, get, pdf, post, query, remove, upload, useSandbox, walk, type Json } from './helpers.js';

const sandbox = useSandbox();

const SCOPES = {
  fincon: { collection: 'projects', parent: 'contract_unit', parents: 'contract_units' },
  capex: { collection: 'assets', parent: 'measure', parents: 'measures' },
} as const;

describe.each(Object.entries(SCOPES))('%s invoices', (product, { collection, parent, parents }) => {
  const base = () => sandbox.handle.baseUrls[product as 'fincon' | 'capex'];

  async function orderedContract(): Promise<Json> {
    return (await walk(`${base()}/contracts/${query({ 'filter[status.in]': 'ORDERED' })}`)).items[0];
  }

  function paidAttributes(overrides: Record<string, unknown> = {}) {
    return {
      audited_amount: { net: '10000.00', tax: '1900.00' },
      cash_discount: { net: '200.00', tax: '38.00' },
      date_approved: '2026-06-10',
      date_discount: '2026-06-14',
      date_due: '2026-06-30',
      date_posted: '2026-06-02',
      date_received: '2026-06-01',
      discounted_approved_amount: { net: '9800.00', tax: '1862.00' },
      external_identifier: 'RE-2026-77001',
      internal_identifier: 'ER-ALT-1',
      invoice_type: 'SINGLE',
      paid_amount: { net: '9800.00', tax: '1862.00' },
      payment_comment: 'Altdaten übernommen',
      payment_date: '2026-06-12',
      unaudited_amount: { net: '10000.00', tax: '1900.00' },
      ...overrides,
    };
  }

  async function addPaid(overrides: Record<string, unknown> = {}): Promise<Json> {
    const contract = await orderedContract();
    const response = await post(`${base()}/invoices/add-paid-invoice/`, {
      data: {
        type: 'INVOICE',
        attributes: paidAttributes(overrides),
        relationships: { contract: { data: { id: contract.id, type: 'CONTRACT' } } },
      },
    });
    expect(response.status).toBe(201);
    return response.body.data;
  }

  /** The newest seeded invoice in `state` that went through the workflow (it has an INVOICE document). */
  async function workflowInvoice(state: string): Promise<Json> {
    const invoices = (await walk(`${base()}/invoices/${query({ 'filter[invoice_process_state.in]': state })}`)).items.reverse();
    for (const invoice of invoices) {
      const documents = await get(
        `${base()}/invoices/${invoice.id}/documents/${query({ 'filter[document_type.in]': 'INVOICE' })}`,
      );
      if (documents.body.data.length > 0) return invoice;
    }
    throw new Error(`no workflow invoice in ${state}`);
  }

  describe('add-paid-invoice', () => {
    it('creates a PAID invoice (201) without workflow: payment recorded, coversheet generated', async () => {
      const invoice = await addPaid();
      expect(invoice.attributes).toMatchObject({
        invoice_process_state: 'PAID',
        invoice_type: 'SINGLE',
        external_identifier: 'RE-2026-77001',
        undiscounted_approved_amount: { currency: 'EUR', net: '10000.00', tax: '1900.00' },
        discounted_approved_amount: { net: '9800.00', tax: '1862.00' },
        payment_amount_gross: { amount: '11662.00', currency: 'EUR' },
        payment_date: '2026-06-12',
        payment_comment: 'Altdaten übernommen',
        date_approved: '2026-06-10T00:00:00Z',
      });
      const payments = (await get(`${base()}/invoices/${invoice.id}/payments/`)).body.data;
      expect(payments.map((payment: Json) => payment.attributes.paid_amount)).toEqual([
        { currency: 'EUR', net: '9800.00', tax: '1862.00' },
      ]);
      const documents = (await get(`${base()}/invoices/${invoice.id}/documents/`)).body.data;
      expect(documents.map((document: Json) => document.attributes.document_type)).toEqual(['COVERSHEET']);
      const coversheet = await fetchBytes(documents[0].links.download_annotated);
      expect(coversheet.bytes.toString('latin1')).toContain('RE-2026-77001');
    });

    it('accepts only type SINGLE (400 otherwise)', async () => {
      const contract = await orderedContract();
      const response = await post(`${base()}/invoices/add-paid-invoice/`, {
        data: {
          attributes: paidAttributes({ invoice_type: 'INSTALLMENT' }),
          relationships: { contract: { data: { id: contract.id, type: 'CONTRACT' } } },
        },
      });
      expect(response.status).toBe(400);
      expect(response.body.errors[0]).toMatchObject({ source: { pointer: '/data/attributes/invoice_type' } });
      expect(response.body.errors[0].detail).toContain('SINGLE');
    });

    it('answers 422 for required fields that are missing, nullable ones included', async () => {
      const contract = await orderedContract();
      const { cash_discount: _cash, date_due: _due, ...attributes } = paidAttributes();
      const response = await post(`${base()}/invoices/add-paid-invoice/`, {
        data: { attributes, relationships: { contract: { data: { id: contract.id, type: 'CONTRACT' } } } },
      });
      expect(response.status).toBe(422);
      expect(response.body.detail.map((item: Json) => item.loc.at(-1)).sort()).toEqual(['cash_discount', 'date_due']);
    });

    it('takes further partial payments like any PAID invoice', async () => {
      const invoice = await addPaid({ external_identifier: 'RE-2026-77002' });
      const final = await post(`${base()}/invoices/${invoice.id}/register-payment/`, {
        data: { attributes: { payment_amount_gross: '10.00', payment_comment: 'Nachzahlung', payment_date: '2026-07-01' } },
      });
      expect(final.status).toBe(409);
      const partial = await post(`${base()}/invoices/${invoice.id}/register-payment/`, {
        data: {
          attributes: {
            payment_amount_gross: '10.00',
            payment_comment: 'Nachzahlung',
            payment_date: '2026-07-01',
            is_final_payment: false,
          },
        },
      });
      expect(partial.status).toBe(201);
      expect(partial.body.data.attributes.payment_amount_gross.amount).toBe('11672.00');
    });
  });

  describe('update-paid-invoice and delete', () => {
    it('updates an invoice added as paid (200), its recorded payment and its coversheet', async () => {
      const invoice = await addPaid({ external_identifier: 'RE-2026-77003' });
      const response = await post(`${base()}/invoices/${invoice.id}/update-paid-invoice/`, {
        data: {
          id: invoice.id,
          type: 'INVOICE',
          attributes: paidAttributes({
            external_identifier: 'RE-2026-77003-K',
            cash_discount: null,
            discounted_approved_amount: { net: '10000.00', tax: '1900.00' },
            paid_amount: { net: '10000.00', tax: '1900.00' },
            payment_date: '2026-06-20',
            payment_comment: null,
          }),
        },
      });
      expect(response.status).toBe(200);
      expect(response.body.data.attributes).toMatchObject({
        external_identifier: 'RE-2026-77003-K',
        invoice_process_state: 'PAID',
        cash_discount: null,
        undiscounted_approved_amount: { net: '10000.00', tax: '1900.00' },
        payment_amount_gross: { amount: '11900.00' },
        payment_date: '2026-06-20',
        payment_comment: null,
      });
      const documents = (await get(`${base()}/invoices/${invoice.id}/documents/`)).body.data;
      expect(documents).toHaveLength(1);
      expect((await fetchBytes(documents[0].links.download_annotated)).bytes.toString('latin1')).toContain('RE-2026-77003-K');
    });

    it('moves an invoice added as paid to another contract', async () => {
      const invoice = await addPaid({ external_identifier: 'RE-2026-77004' });
      const other = (await walk(`${base()}/contracts/${query({ 'filter[status.in]': 'COMPLETED' })}`)).items[0];
      const response = await post(`${base()}/invoices/${invoice.id}/update-paid-invoice/`, {
        data: { id: invoice.id, relationships: { contract: { data: { id: other.id, type: 'CONTRACT' } } } },
      });
      expect(response.status).toBe(200);
      expect(response.body.data.attributes.contract).toBe(other.id);
    });

    it('refuses invoices that went through the workflow (409), another type (400) and a foreign id (400)', async () => {
      const paid = await workflowInvoice('PAID');
      const workflow = await post(`${base()}/invoices/${paid.id}/update-paid-invoice/`, {
        data: { id: paid.id, attributes: paidAttributes() },
      });
      expect(workflow.status).toBe(409);
      expect(workflow.body.errors[0].detail).toContain('add-paid-invoice');
      const invoice = await addPaid({ external_identifier: 'RE-2026-77005' });
      const type = await post(`${base()}/invoices/${invoice.id}/update-paid-invoice/`, {
        data: { id: invoice.id, attributes: paidAttributes({ invoice_type: 'FINAL' }) },
      });
      expect(type.status).toBe(400);
      const foreign = await post(`${base()}/invoices/${invoice.id}/update-paid-invoice/`, {
        data: { id: paid.id, attributes: paidAttributes() },
      });
      expect(foreign.status).toBe(400);
      expect(foreign.body.errors[0].source).toEqual({ pointer: '/data/id' });
    });

    it('deletes an invoice added as paid (204) with its payments and documents; others answer 409', async () => {
      const invoice = await addPaid({ external_identifier: 'RE-2026-77006' });
      const deleted = await remove(`${base()}/invoices/${invoice.id}/`);
      expect(deleted.status).toBe(204);
      expect((await get(`${base()}/invoices/${invoice.id}/`)).status).toBe(404);
      expect((await get(`${base()}/invoices/${invoice.id}/payments/`)).status).toBe(404);
      const paid = await workflowInvoice('PAID');
      const refused = await remove(`${base()}/invoices/${paid.id}/`);
      expect(refused.status).toBe(409);
      expect((await get(`${base()}/invoices/${paid.id}/`)).status).toBe(200);
    });
  });

  describe('update-new', () => {
    const updateNew = (id: string, data: Record<string, unknown>) =>
      post(`${base()}/invoices/${id}/update-new/`, { data: { id, type: 'INVOICE', ...data } });

    it('updates the selection of fields of a NEW invoice (200) and links a contract of its scope', async () => {
      const unlinked = (await walk(`${base()}/invoices/${query({ 'filter[invoice_process_state.in]': 'NEW' })}`)).items.filter(
        (invoice: Json) => invoice.attributes.contract === null,
      );
      let done = false;
      for (const invoice of unlinked) {
        const response = await updateNew(invoice.id, {
          attributes: {
            external_identifier: 'RE-NEU-1',
            invoice_type: 'INSTALLMENT',
            unaudited_amount: { net: '5000.00', tax: '950.00' },
            date_received: '2026-06-03',
          },
        });
        if (response.status === 409) continue;
        expect(response.status).toBe(200);
        expect(response.body.data.attributes).toMatchObject({
          invoice_process_state: 'NEW',
          external_identifier: 'RE-NEU-1',
          invoice_type: 'INSTALLMENT',
          unaudited_amount: { currency: 'EUR', net: '5000.00', tax: '950.00' },
          date_received: '2026-06-03',
          contract: null,
        });
        done = true;
        break;
      }
      expect(done).toBe(true);
    });

    it('links a contract only of the scope the invoice was submitted to', async () => {
      const scope = (await get(`${base()}/${collection}/`)).body.data[0].id;
      const submitted = await upload(
        `${base()}/${collection}/${scope}/submit-invoice/`,
        {},
        { field: 'file', filename: 'Rechnung.pdf', content: pdf('Rechnung') },
      );
      const invoiceId = submitted.body.data.id;
      const own = (await walk(`${base()}/contracts/${query({ 'filter[project.in]': scope })}`)).items[0];
      const foreign = (await walk(`${base()}/contracts/${query({ 'filter[project.not_in]': scope })}`)).items[0];
      const refused = await updateNew(invoiceId, { relationships: { contract: { data: { id: foreign.id, type: 'CONTRACT' } } } });
      expect(refused.status).toBe(400);
      expect(refused.body.errors[0].source).toEqual({ pointer: '/data/relationships/contract/data/id' });
      const linked = await updateNew(invoiceId, { relationships: { contract: { data: { id: own.id, type: 'CONTRACT' } } } });
      expect(linked.status).toBe(200);
      expect(linked.body.data.attributes).toMatchObject({
        contract: own.id,
        is_reverse_charge: own.attributes.is_reverse_charge,
      });
    });

    it.each(['DETAILS_ENTERED', 'CHECKED', 'APPROVED', 'PAID'])('refuses a %s invoice with 409', async (state) => {
      const invoice = await workflowInvoice(state);
      const response = await updateNew(invoice.id, { attributes: { external_identifier: 'X' } });
      expect(response.status).toBe(409);
      expect(response.body.errors[0].detail).toContain(state);
      expect((await get(`${base()}/invoices/${invoice.id}/`)).body.data.attributes.external_identifier).toBe(
        invoice.attributes.external_identifier,
      );
    });
  });

  describe('submit-invoice', () => {
    it(`uploads a PDF to the ${collection.slice(0, -1)}: 201, a NEW invoice without contract and its document`, async () => {
      const scope = (await get(`${base()}/${collection}/`)).body.data[1].id;
      const content = pdf('Rechnung Nr. 4711');
      const response = await upload(
        `${base()}/${collection}/${scope}/submit-invoice/`,
        {},
        { field: 'file', filename: 'RE-4711.pdf', content },
      );
      expect(response.status).toBe(201);
      expect(response.body.data).toMatchObject({
        type: 'INVOICE',
        attributes: {
          invoice_process_state: 'NEW',
          date_created: expect.any(String),
          date_received: expect.stringMatching(/^\d{4}-\d\d-\d\d$/),
        },
      });
      expect(Object.keys(response.body.data.attributes).sort()).toEqual([
        'date_created',
        'date_received',
        'invoice_process_state',
      ]);
      const invoice = (await get(`${base()}/invoices/${response.body.data.id}/`)).body.data;
      expect(invoice.attributes).toMatchObject({ contract: null, invoice_process_state: 'NEW', invoice_type: null });
      const documents = (await get(`${base()}/invoices/${invoice.id}/documents/`)).body.data;
      expect(documents.map((document: Json) => [document.attributes.document_type, document.attributes.filename])).toEqual([
        ['INVOICE', 'RE-4711.pdf'],
      ]);
      const location = (await get(documents[0].links.download)).headers.location as string;
      expect((await fetchBytes(location, {})).bytes.equals(content)).toBe(true);
    });

    it('refuses anything but a PDF (422) and needs the file part (422 on file)', async () => {
      const scope = (await get(`${base()}/${collection}/`)).body.data[0].id;
      const notPdf = await upload(
        `${base()}/${collection}/${scope}/submit-invoice/`,
        {},
        { field: 'file', filename: 'rechnung.xml', contentType: 'application/xml', content: Buffer.from('<Invoice/>') },
      );
      expect(notPdf.status).toBe(422);
      expect(notPdf.body.detail[0]).toMatchObject({ loc: ['body', 'file'], msg: 'Value error, The file must be a valid PDF.' });
      const wrongField = await upload(
        `${base()}/${collection}/${scope}/submit-invoice/`,
        {},
        { field: 'upload', filename: 'r.pdf', content: pdf() },
      );
      expect(wrongField.status).toBe(422);
      expect(wrongField.body.detail).toEqual([{ type: 'missing', loc: ['body', 'file'], msg: 'Field required', input: null }]);
    });

    it('answers 404 for an unknown scope', async () => {
      const response = await upload(
        `${base()}/${collection}/0a0a0a0a-0a0a-4a0a-8a0a-0a0a0a0a0a0a/submit-invoice/`,
        {},
        { field: 'file', filename: 'r.pdf', content: pdf() },
      );
      expect(response.status).toBe(404);
    });
  });

  describe('tags of an invoice', () => {
    it('assigns and unassigns (200, invoice), lists, and stays idempotent', async () => {
      const invoice = await workflowInvoice('CHECKED');
      const tag = (await get(`${base()}/tags/`)).body.data[1];
      const body = { data: { type: 'TAG', attributes: { tag_id: tag.id } } };
      for (let i = 0; i < 2; i++) {
        const assigned = await post(`${base()}/invoices/${invoice.id}/tags/assign/`, body);
        expect(assigned.status).toBe(200);
        expect(assigned.body.data).toMatchObject({ id: invoice.id, type: 'INVOICE' });
      }
      const listed = (await get(`${base()}/invoices/${invoice.id}/tags/`)).body.data;
      expect(listed.filter((item: Json) => item.id === tag.id)).toHaveLength(1);
      const tagged = await walk(`${base()}/invoices/${query({ 'filter[tags.in]': tag.id })}`);
      expect(tagged.items.map((item: Json) => item.id)).toContain(invoice.id);
      for (let i = 0; i < 2; i++) expect((await post(`${base()}/invoices/${invoice.id}/tags/unassign/`, body)).status).toBe(200);
      expect((await get(`${base()}/invoices/${invoice.id}/tags/`)).body.data.map((item: Json) => item.id)).not.toContain(tag.id);
    });

    it('answers 404 for an unknown tag and 422 without tag_id', async () => {
      const invoice = await workflowInvoice('NEW');
      const unknown = await post(`${base()}/invoices/${invoice.id}/tags/assign/`, {
        data: { type: 'TAG', attributes: { tag_id: '0d0d0d0d-0d0d-4d0d-8d0d-0d0d0d0d0d0d' } },
      });
      expect(unknown.status).toBe(404);
      expect(unknown.body.errors[0].source).toEqual({ pointer: '/data/attributes/tag_id' });
      const missing = await post(`${base()}/invoices/${invoice.id}/tags/unassign/`, { data: { type: 'TAG', attributes: {} } });
      expect(missing.status).toBe(422);
    });
  });

  describe('invoice documents', () => {
    it('uploads (201), lists with filters and reads one; a document of another invoice is 404', async () => {
      const [first, second] = (await walk(`${base()}/invoices/${query({ 'filter[invoice_process_state.in]': 'APPROVED' })}`))
        .items;
      const uploaded = await upload(
        `${base()}/invoices/${first.id}/documents/`,
        { document_type: 'AUDITED_INVOICE' },
        { field: 'upload', filename: 'Pruefrechnung.pdf', content: pdf() },
      );
      expect(uploaded.status).toBe(201);
      expect(uploaded.body.data).toMatchObject({
        type: 'INVOICE_DOCUMENT',
        attributes: { document_type: 'AUDITED_INVOICE', filename: 'Pruefrechnung.pdf' },
        relationships: { invoice: { data: { id: first.id, type: 'INVOICE' } } },
      });
      const audited = await get(
        `${base()}/invoices/${first.id}/documents/${query({ 'filter[document_type.in]': 'AUDITED_INVOICE' })}`,
      );
      expect(audited.body.data.map((item: Json) => item.id)).toEqual([uploaded.body.data.id]);
      const recent = await get(
        `${base()}/invoices/${first.id}/documents/${query({ 'filter[uploaded_at.greater_than_equal]': uploaded.body.data.attributes.uploaded_at })}`,
      );
      expect(recent.body.data.map((item: Json) => item.id)).toEqual([uploaded.body.data.id]);
      const one = await get(uploaded.body.data.links.self);
      expect(one.body.data).toEqual(uploaded.body.data);
      const elsewhere = await get(`${base()}/invoices/${second.id}/documents/${uploaded.body.data.id}/`);
      expect(elsewhere.status).toBe(404);
      expect(elsewhere.body.errors[0].source).toEqual({ parameter: 'document_id' });
      const generated = await upload(
        `${base()}/invoices/${first.id}/documents/`,
        { document_type: 'COVERSHEET' },
        { field: 'upload', filename: 'c.pdf', content: pdf() },
      );
      expect(generated.status).toBe(422);
    });
  });

  it(`lists the invoices of a contract (the ${parent} side being ${parents})`, async () => {
    const contract = (await walk(`${base()}/contracts/${query({ 'filter[status.in]': 'COMPLETED' })}`)).items[0];
    const invoices = (await walk(`${base()}/contracts/${contract.id}/invoices/`)).items;
    const filtered = (await walk(`${base()}/invoices/${query({ 'filter[contract.in]': contract.id })}`)).items;
    expect(invoices.map((item: Json) => item.id)).toEqual(filtered.map((item: Json) => item.id));
    expect(invoices.length).toBeGreaterThan(0);
    const paid = invoices.filter((item: Json) => item.attributes.invoice_process_state === 'PAID');
    for (const invoice of paid) {
      const approved = invoice.attributes.discounted_approved_amount;
      expect(invoice.attributes.payment_amount_gross.amount).toBe(new Decimal(approved.net).plus(approved.tax).toFixed(2));
    }
  });
});

describe('the two complete-details steps (FinCon)', () => {
  it('refuses update-new for exactly the five NEW invoices in the second step', async () => {
    const newInvoices = (await walk(`${sandbox.fincon}/invoices/${query({ 'filter[invoice_process_state.in]': 'NEW' })}`)).items;
    const answers = await Promise.all(
      newInvoices.map((invoice: Json) =>
        call(`${sandbox.fincon}/invoices/${invoice.id}/update-new/`, { method: 'POST', body: { data: { id: invoice.id } } }),
      ),
    );
    const refused = answers.filter((answer) => answer.status === 409);
    expect(refused).toHaveLength(5);
    for (const answer of refused) expect(answer.body.errors[0].detail).toContain('second complete-details step');
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(newInvoices.length - 5);
  });
});
