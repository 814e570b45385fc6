import { buildInputSchema } from './input-schema.js';
import type { Operation, OperationDeclaration } from './operation.js';
import { buildOutputSchema } from './output-schema.js';

/** A declaration with its input and output schemas derived once. */
export function defineOperation(declaration: OperationDeclaration): Operation {
  return { ...declaration, inputSchema: buildInputSchema(declaration), outputSchema: buildOutputSchema(declaration) };
}
