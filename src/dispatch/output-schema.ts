/** The structured content each kind of result carries, as a schema clients can rely on. */
import { z } from 'zod';
import { moneySchema } from '../shape/schemas.js';
import { isResourceView, type OperationDeclaration, type ResourceView } from './operation.js';

/** The flattened related resources a request asked for with `include`. */
const includedSchema = z.array(z.looseObject({ id: z.string(), type: z.string() }));

const emptySchema = z.object({ done: z.string() });

const fileSchema = z.looseObject({
  filename: z.string().optional(),
  content_type: z.string().optional(),
  size: z.number().meta({ description: 'bytes' }),
  saved_to: z.string().optional().meta({ description: 'where the file was written; absent when it is embedded' }),
});

/** Bulk rows come back as resources or as bare references, some with integer ids. */
const batchRowSchema = z.looseObject({ id: z.union([z.string(), z.number()]) });

const batchSchema = z.object({
  created: z.array(batchRowSchema),
  updated: z.array(batchRowSchema).optional(),
  failed: z
    .array(
      z.looseObject({
        index: z.number().meta({ description: 'position of the row in the request, from 0' }),
        problems: z.array(z.string()),
      }),
    )
    .optional(),
});

function resourceSchema(declaration: OperationDeclaration, view: ResourceView): z.ZodObject {
  const item = view.schema;
  if (declaration.list) {
    return z.object({
      items: z.array(item),
      next_cursor: z.string().nullable(),
      ...(view.totals ? { page_totals: z.record(z.string(), z.array(moneySchema)).optional() } : {}),
      ...view.derived?.listFields,
      ...(declaration.include ? { included: includedSchema.optional() } : {}),
    });
  }
  let one = declaration.include ? item.extend({ included: includedSchema.optional() }) : item;
  if (declaration.upsert) one = one.extend({ outcome: z.enum(['created', 'updated']) });
  // Absent when the follow-up reads failed: the answer is then the API's alone.
  if (declaration.supplement) one = one.extend(z.object(declaration.supplement.fields).partial().shape);
  if (declaration.absent) {
    one = one
      .partial({ id: true, type: true })
      .extend({ absent: z.string().optional().meta({ description: 'set when there is nothing' }) });
  }
  return one;
}

const warningSchema = z.object({
  code: z.string().meta({ description: 'e.g. possible_duplicate, exceeds_approved' }),
  message: z.string(),
  about: z.string().optional().meta({ description: 'the id it is about, e.g. the payment that looks the same' }),
});

/**
 * A write that moves money answers with a preview first, then with what it wrote; the fields of
 * either may be missing from the other, and `status` tells which it is.
 */
function guardedSchema(written: z.ZodObject): z.ZodObject {
  return written.partial().extend({
    status: z.enum(['preview', 'committed', 'not_committed', 'declined', 'cancelled']).optional().meta({
      description: 'preview: nothing changed yet; committed: written once; not_committed: nothing changed after a lost answer',
    }),
    replayed: z.boolean().optional().meta({
      description: 'true: the confirmation had been used already; this is its outcome then, and nothing was sent again',
    }),
    decided_at: z.string().meta({ format: 'date-time' }).optional(),
    decided_by: z.string().optional().meta({ description: 'correlation_id of the call that reached the outcome' }),
    confirmation: z.string().optional().meta({ description: 'Send it back with the same arguments once the user agreed' }),
    expires_at: z.string().meta({ format: 'date-time' }).optional(),
    correlation_id: z.string().optional().meta({ description: 'Names this step in the audit trail' }),
    warnings: z.array(warningSchema).optional(),
    preview: z
      .looseObject({
        summary: z.array(z.string()),
        changes: z.looseObject({}),
        resulting: z.looseObject({}),
        warnings: z.array(warningSchema),
      })
      .optional(),
    settled: z.array(z.looseObject({})).optional().meta({ description: 'earlier writes of unknown fate settled first' }),
    unexplained: z
      .array(z.object({ id: z.string(), text: z.string() }))
      .optional()
      .meta({ description: 'what appeared meanwhile that no confirmation of this server made' }),
  });
}

function writtenSchema(declaration: OperationDeclaration): z.ZodObject {
  const { result } = declaration;
  if (isResourceView(result)) return resourceSchema(declaration, result);
  switch (result.kind) {
    case 'empty':
      return emptySchema;
    case 'batch':
      return batchSchema;
    case 'file':
      return fileSchema;
  }
}

export function buildOutputSchema(declaration: OperationDeclaration): z.ZodObject {
  const written = writtenSchema(declaration);
  return declaration.guard ? guardedSchema(written) : written;
}
